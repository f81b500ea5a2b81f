import { answer, api } from '../../../lib/http';

/** The spec's `data-email` header (spec 002 section 7): the signed-in address, checked by the server. */
export const dataEmail = (email: string) => ({ headers: { 'data-email': email } });

/** Download: `GET /api/backups/{id}` answers a short-lived link to the file, which the browser follows. */
export async function downloadBackup(id: string, email: string) {
  const { url } = await answer(
    api.backups[':id'].$get({ param: { id: encodeURIComponent(id) } }, dataEmail(email)),
  );
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}
