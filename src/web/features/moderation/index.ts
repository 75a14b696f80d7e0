/**
 * The moderation screen's public face. Nothing of it is shared with other features: the route table
 * loads its page (app/routes.tsx) and the account menu links it for moderators (shared/permissions.ts).
 */
export const MODERATION_PATH = '/moderation'
