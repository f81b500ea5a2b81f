import './strings.ts';
import type { Me, Membership } from '@roundwise/core';
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The open accounts menu (accounts-menu.tsx loads it on first use): one item per membership. */
export function AccountsDropdown({
  me,
  triggerClass,
  label,
  onChoose,
  children,
}: {
  me: Me;
  triggerClass: string;
  label: string;
  onChoose: (m: Membership) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // Mounted by the first click on the plain trigger, so it opens at once.
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger className={triggerClass} aria-label={label}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted-foreground">
            {t('drawer.switch-account')}
          </DropdownMenu.Label>
          {me.memberships.map((m) => (
            <DropdownMenu.Item
              key={m.accountId}
              onSelect={() => onChoose(m)}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent"
            >
              <Check
                className={m.accountId === me.account.accountId ? 'size-4' : 'size-4 invisible'}
                aria-hidden
              />
              <span className="flex-1">{m.businessName}</span>
              <span className="text-xs text-muted-foreground">
                {m.roles.map((r) => t(`role.${r}`)).join(', ')}
              </span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
