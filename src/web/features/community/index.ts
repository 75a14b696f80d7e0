/**
 * The community feature's public face: the item page's "Community photos" section (its photos load when
 * scrolled near), and for the moderation screen a post's photo, its author's display name and the refresh of every feed
 * after a post is hidden or restored. The route table loads the feed and gallery pages itself.
 */
export { authorName } from './community-texts.ts'
export { ItemCommunityPhotos } from './components/item-photos-section.tsx'
export { PostImage } from './components/post-image.tsx'
export { invalidatePosts } from './queries.ts'
