/**
 * Every widget's base styles. Pixels only: `rem` is the host page's root font size, which a
 * business's theme may have set to anything. `:host` resets what inherits from the host page
 * (fonts, colours, line height) to the portal theme's custom properties. The card fills the height
 * held for it (a column of one flex item), so a reserved height shows no blank below the card.
 */
export const BASE_CSS = `
:host{all:initial;display:flex;flex-direction:column;contain:content}
.rw{flex:1 1 auto;box-sizing:border-box;font-family:var(--rw-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:16px;line-height:24px;color:var(--rw-text,#1f2937);background:var(--rw-paper,#fff);border-radius:var(--rw-radius,8px);padding:16px;text-align:left}
.rw *,.rw *::before,.rw *::after{box-sizing:border-box}
.rw h2{font-size:20px;line-height:28px;margin:0 0 8px;font-weight:600}
.rw p{margin:0 0 8px}
.rw label{display:block;font-size:14px;line-height:20px;margin:0 0 4px;font-weight:500}
.rw input,.rw select,.rw textarea{display:block;width:100%;font:inherit;font-size:16px;line-height:24px;padding:8px 12px;border:1px solid var(--rw-divider,#d1d5db);border-radius:6px;background:#fff;color:#111827;margin:0 0 12px}
.rw button{font:inherit;font-size:16px;line-height:24px;padding:8px 16px;min-height:44px;border:0;border-radius:6px;background:var(--rw-primary,#4f46e5);color:var(--rw-on-primary,#fff);cursor:pointer}
.rw button.secondary{background:transparent;color:var(--rw-primary,#4f46e5);border:1px solid currentColor}
.rw button:disabled{opacity:.6;cursor:default}
.rw button:focus-visible,.rw input:focus-visible{outline:2px solid var(--rw-primary,#4f46e5);outline-offset:2px}
.rw .muted{color:var(--rw-muted,#6b7280);font-size:14px;line-height:20px}
.rw .error{color:var(--rw-error,#b91c1c);font-size:14px;line-height:20px}
.rw .row{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
`;
