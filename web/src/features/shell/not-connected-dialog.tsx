import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/** Spec 000 section 8: switching account offline opens 'Not Connected'. */
export function NotConnectedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-background p-6 shadow-lg">
          <Dialog.Title className="text-lg font-semibold">
            {t('account-switch.not-connected-title')}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            {t('account-switch.not-connected-text')}
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="h-9 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">
              {t('general.ok')}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
