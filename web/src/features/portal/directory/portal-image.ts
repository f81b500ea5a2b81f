/**
 * Whether the public page can show `url` as an image of the business: empty (none) or a public
 * web address, as the server's rule (`attachment.must-be-public`, core's `DirectoryFields`). The
 * image library's addresses (`/api/go/img/...`) are absolute and public.
 */
export function portalImageProblem(url: string): 'attachment.must-be-public' | undefined {
  return url === '' || /^https?:\/\/[^\s]+$/.test(url) ? undefined : 'attachment.must-be-public';
}
