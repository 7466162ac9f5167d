// What a message's image or video says to a person who cannot see it: the author's description,
// else which attachment it is and whose. An attachment left undescribed is not decoration, so it
// is never `alt=""`. Shared by the server's public pages and the web client.

interface Described {
  imageUrls: readonly string[];
  videoUrls: readonly string[];
  imageAlts?: readonly string[];
  videoAlts?: readonly string[];
  user: { username: string };
}

export function imageText(m: Described, i: number): string {
  return m.imageAlts?.[i] || `Image ${i + 1} of ${m.imageUrls.length} attached by @${m.user.username}`;
}

export function videoText(m: Described, i: number): string {
  return m.videoAlts?.[i] || `Video attached by @${m.user.username}`;
}
