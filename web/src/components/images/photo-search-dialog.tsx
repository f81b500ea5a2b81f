import './strings.ts';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Photo, searchPhotosQuery } from '../../lib/images/search-photos';
import { inputClass } from '../form';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';

/**
 * The image search dialog (spec 001 section 2.10): a 3-column grid of landscape photos for a
 * query; a photo picked is put in the template. A failed search says the photos could not be
 * loaded (section 6).
 */
export function PhotoSearchDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (photo: Photo) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const photos = useQuery({ ...searchPhotosQuery(query, 1), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('images.search-title')}</DialogTitle>
          <DialogDescription>{t('images.search-description')}</DialogDescription>
        </DialogHeader>
        <search>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              setQuery(text.trim());
            }}
          >
            <input
              className={inputClass}
              type="search"
              aria-label={t('images.search-label')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <Button type="submit" variant="outline">
              <Search aria-hidden />
              {t('images.search')}
            </Button>
          </form>
        </search>
        {photos.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('images.search-failed')}
          </p>
        ) : photos.data?.photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('images.no-results')}</p>
        ) : (
          <ul className="grid max-h-[60vh] grid-cols-3 gap-2 overflow-y-auto" data-testid="photo-results">
            {photos.data?.photos.map((photo) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-md border focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => onPick(photo)}
                  title={photo.description}
                >
                  <img
                    src={photo.thumbUrl}
                    alt={photo.description}
                    className="aspect-video w-full object-cover"
                  />
                </button>
                {photo.author && <p className="truncate text-xs text-muted-foreground">{photo.author}</p>}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
