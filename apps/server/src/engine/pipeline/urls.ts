/** Public paths of a photo's derivatives; the routes serve them to the owner only. */
export function photoImageUrl(photoId: string, kind: 'thumbnail' | 'display'): string {
  return `/api/photos/${photoId}/${kind}`;
}
export const analysisUrl = (id: string) => `/api/analyses/${id}`;
export const analysisEventsUrl = (id: string) => `/api/analyses/${id}/events`;
