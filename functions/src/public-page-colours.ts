/**
 * The colours of the customer-facing pages drawn on the server (the quote page, the payment
 * pages), in one place. Each text and background pair is at least 4.5:1 (WCAG 1.4.3): the main
 * action was white on #0d9488 (3.74:1), now on teal-700 (5.47:1).
 */
export const PUBLIC_COLOURS = {
  action: '#0f766e',
  actionText: '#ffffff',
} as const;
