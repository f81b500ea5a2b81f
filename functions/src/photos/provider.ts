/**
 * The photo search behind the rich-text editor's image search dialog (spec 001 section 2.10: a
 * 3-column grid of landscape photos from a photo search service). The screen talks only to
 * `GET /api/photos/search`; which service answers is the server's choice: the photo service named
 * in the settings (`PHOTO_API_URL`, `PHOTO_API_KEY`, http-photos.ts) or, without one, the local
 * provider's bundled pictures (local-photos.ts), so search works offline of any service.
 */
export interface Photo {
  id: string;
  /** A small picture for the grid. */
  thumbUrl: string;
  /** The picture to put in a template (absolute, so a mail client can load it). */
  url: string;
  width: number;
  height: number;
  description: string;
  /** Credit line, where the service asks for one. */
  author?: string;
  authorUrl?: string;
}

export interface PhotoPage {
  photos: Photo[];
  total: number;
}

/** Results per page: four rows of the dialog's three columns. */
export const PHOTO_PAGE_SIZE = 12;

export interface PhotoProvider {
  /** Landscape photos for `query`, page `page` (1-based). */
  search(query: string, page: number): Promise<PhotoPage>;
}
