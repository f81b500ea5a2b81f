/**
 * What the loader reads about a portal, in one request (`GET /api/portal/{handle}/embed`, the
 * server's `functions/src/portal/embed-data.ts` writes it): the business's public details, its
 * theme as CSS custom properties, the published layout, and for each widget of the catalogue
 * whether it runs in a frame, the auth state it needs, the height it reserves and its saved
 * settings. The public portal page writes the same object into itself instead.
 */
export type AuthState = 'signed-in' | 'signed-out' | 'optional';

export type EmbedWidget = {
  framed: boolean;
  auth: AuthState;
  /** The least height the widget takes (its catalogue minimum in layout rows), reserved up front. */
  minHeight: number;
  settings: Record<string, unknown>;
};

export type LayoutItem = { i: string; x: number; y: number; w: number; h: number };

export type EmbedData = {
  business: {
    name: string;
    summary: string;
    telephone?: string;
    email?: string;
    address?: string;
    logo?: string;
  };
  theme: Record<string, string>;
  layout: LayoutItem[];
  widgets: Record<string, EmbedWidget>;
  /** The business's own wording for the widgets' texts (`config.text`), by message key. */
  texts: Record<string, string>;
  /** Services a new customer may ask a quote for, with their questions (quote-flow). */
  services: QuoteService[];
  /** Published ratings, newest first. */
  ratings: { stars: number; comment: string; name: string; date: string }[];
};

export type QuoteQuestion = {
  id: string;
  label: string;
  type: 'text' | 'number' | 'choice' | 'yes-no';
  options?: string[];
  required?: boolean;
};

export type QuoteService = { id: string; name: string; description?: string; questions: QuoteQuestion[] };

/** The page's own copy (the portal page inlines it), else one request to the portal's API. */
export async function fetchEmbed(origin: string, handle: string): Promise<EmbedData | undefined> {
  const inline = document.getElementById('roundwise-embed');
  if (inline?.textContent) return JSON.parse(inline.textContent) as EmbedData;
  try {
    const response = await fetch(`${origin}/api/portal/${encodeURIComponent(handle)}/embed`, {
      credentials: 'omit',
    });
    return response.ok ? ((await response.json()) as EmbedData) : undefined;
  } catch {
    return undefined;
  }
}
