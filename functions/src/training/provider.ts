/**
 * The training academy's lectures (spec 001 sections 2.3 and 3) from a content service. The
 * screen talks only to `GET /api/training/lectures`; which service answers is the server's
 * choice: the content service in the settings (`TRAINING_CONTENT_URL`, `TRAINING_CONTENT_KEY`,
 * http-training.ts, a GraphQL query) or, without one, the local lesson set (local-training.ts).
 */
export interface Lecture {
  title: string;
  description: string;
  /** The lecture's text (plain paragraphs). */
  content: string;
  /** A video's address (a file, YouTube or Vimeo); empty when the lecture is written only. */
  videoSrc: string;
  slug: string;
  lesson: { title: string; slug: string; cover?: { url: string } };
}

export interface TrainingProvider {
  lectures(): Promise<Lecture[]>;
}
