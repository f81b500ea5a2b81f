import { errorFromAnswer, offline } from '@roundwise/core';

/** A call with the spec's `data-email` header (spec 002 section 7), which `lib/http` does not send. */
export async function backupCall(path: string, email: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`/api/backups/${path}`, { credentials: 'include', headers: { 'data-email': email } });
  } catch (error) {
    throw offline({ message: String(error) });
  }
  if (!res.ok) throw errorFromAnswer(res.status, await res.json().catch(() => undefined));
  return res;
}

/** Download: `GET /api/backups/{id}` answers a short-lived link to the file, which the browser follows. */
export async function downloadBackup(id: string, email: string) {
  const { url } = (await (await backupCall(encodeURIComponent(id), email)).json()) as { url: string };
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}
