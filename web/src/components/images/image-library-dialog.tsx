import './strings.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/errors';
import { libraryImagesQuery, libraryImageUrl } from '../../lib/images/list-images';
import { useAccountId } from '../../lib/sync/hooks';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';

/**
 * The image library (spec 001 section 2.10): the account's image attachments, from the
 * attachments bucket; one picked goes into the template by its stable address.
 */
export function ImageLibraryDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (image: { url: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const accountId = useAccountId() ?? '';
  const images = useQuery({ ...libraryImagesQuery, enabled: open });
  const url = (id: string) => libraryImageUrl(window.location.origin, accountId, id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('images.library-title')}</DialogTitle>
          <DialogDescription>{t('images.library-description')}</DialogDescription>
        </DialogHeader>
        {images.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(t, images.error)}
          </p>
        ) : images.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('images.library-empty')}</p>
        ) : (
          <ul className="grid max-h-[60vh] grid-cols-3 gap-2 overflow-y-auto" data-testid="image-library">
            {images.data?.map((image) => (
              <li key={image._id}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-md border focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => onPick({ url: url(image._id), name: image.name })}
                >
                  <img src={url(image._id)} alt={image.name} className="aspect-video w-full object-cover" />
                </button>
                <p className="truncate text-xs text-muted-foreground">{image.name}</p>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
