import './strings.ts';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { emailContentQuery } from './api/get-email-content';
import type { MessageView } from './message-view';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A plain message as HTML: its text, escaped, with its line breaks. */
export const textAsHtml = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

const EMAIL_STYLE =
  'body{margin:0;padding:24px;background:#f4f4f5;font:15px/1.5 system-ui,sans-serif;color:#18181b}' +
  '.mail{max-width:600px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px #0002}' +
  'img{max-width:100%}';
const PLAIN_STYLE = 'body{margin:0;padding:16px;font:15px/1.5 system-ui,sans-serif;color:#18181b}';

/**
 * The page the frame shows: the HTML sanitised with DOMPurify (no scripts, handlers or forms) and,
 * for an email, set on an email-like page.
 */
export function sampleDocument(html: string, email: boolean): string {
  const clean = DOMPurify.sanitize(html, { FORBID_TAGS: ['form', 'style'], USE_PROFILES: { html: true } });
  return `<!doctype html><html><head><meta charset="utf-8"><style>${email ? EMAIL_STYLE : PLAIN_STYLE}</style></head><body>${
    email ? `<div class="mail">${clean}</div>` : clean
  }</body></html>`;
}

/**
 * The sample-message dialog (spec 000 section 2.6): the message rendered as HTML, in a sandboxed
 * frame (no scripts, no same-origin access) so an email's markup cannot touch the app.
 */
export function SampleMessageDialog({
  message,
  onOpenChange,
}: {
  message: MessageView | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const email = message?.type === 'Email' || message?.type === 'EmailReply';
  const remote = useQuery({
    ...emailContentQuery(message?.externalId ?? ''),
    enabled: !!message?.externalId && email,
  });
  // Waits for the email's own rendering before drawing: a frame whose content changes after it
  // has loaded is drawn blank by Chromium here, so each content gets a frame of its own (`key`).
  const waiting = remote.isFetching && remote.data === undefined;
  const doc = useMemo(() => {
    if (!message || waiting) return '';
    const html = remote.data ?? textAsHtml(message.content);
    return sampleDocument(html, email);
  }, [message, remote.data, email, waiting]);
  return (
    <Dialog open={!!message} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{message?.subject || t('messages.sample-title')}</DialogTitle>
          <DialogDescription>{message?.address}</DialogDescription>
        </DialogHeader>
        {message && doc && (
          <iframe
            key={doc}
            title={t('messages.sample-title')}
            sandbox=""
            srcDoc={doc}
            className="h-[60dvh] w-full rounded-md border bg-white"
            data-testid="sample-frame"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
