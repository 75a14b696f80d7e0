/**
 * The moderation screen's public face: its address, for the account menu's link (shown to moderators,
 * shared/permissions.ts). The route table loads its page itself (app/routes.tsx).
 */
export const MODERATION_PATH = '/moderation'
