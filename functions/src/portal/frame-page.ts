import { createHash } from 'node:crypto';
import { Portal } from '@roundwise/core';
import type { FoundPortal } from './find-portal.ts';

type Found = FoundPortal & { kind: 'found' };

/** The page's one inline style: no margin, no inner scrollbar (the host sizes the frame). */
const STYLE = 'html,body{margin:0;padding:0;overflow:hidden;background:transparent}';
export const FRAME_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A framed widget's page on the portal origin (docs/portal.md, "Adding a widget"): the frame
 * runtime (`/widgets-frame.js`, portal-web's bundle) mounts the widget named, with the business's
 * settings for it and its theme; the session comes from the host page in memory.
 */
export function framePage(found: Found, widget: Portal.WidgetName) {
  const settings = Portal.isConfigurable(widget) ? found.settings[widget] : {};
  const { themeOptions } = found.directory.config;
  const theme = [
    themeOptions.primary ? `--rw-primary:${themeOptions.primary}` : '',
    themeOptions.borderRadius !== undefined ? `--rw-radius:${themeOptions.borderRadius}px` : '',
  ]
    .filter(Boolean)
    .join(';');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(found.directory.businessName)}</title>
<style>${STYLE}</style>
</head>
<body>
<div id="roundwise-frame" data-theme="${escapeHtml(theme)}"></div>
<script async src="/widgets-frame.js" data-portal="${escapeHtml(found.directory.uniqueUrl)}" data-widget="${escapeHtml(widget)}" data-settings="${escapeHtml(JSON.stringify(settings))}"></script>
</body>
</html>
`;
}
