import './strings.ts';
import { Balance, ExpenseCategories, newId } from '@roundwise/core';
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';

type Category = ExpenseCategories.ExpenseCategory;

/** `expense-categories` (spec 001 section 2.8): a list with search, add, and edit and remove per item. */
export function ExpenseCategoriesScreen() {
  const { t } = useTranslation();
  const categories = useEntityList<Category>('expenseCategory');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Category | 'new'>();
  const [removing, setRemoving] = useState<Category>();
  const remove = useCommand(ExpenseCategories.delete);
  const sorted = useMemo(
    () => [...categories].sort((a, b) => a.description.localeCompare(b.description)),
    [categories],
  );
  const shown = sorted.filter((c) => c.description.toLowerCase().includes(search.trim().toLowerCase()));
  const add = (
    <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
      <Plus className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{t('expense-category.add')}</span>
    </button>
  );
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { _id: removing._id },
      { onError: (x) => toast.error(t('expense-category.remove-failed'), { description: errorText(t, x) }) },
    );
    toast.success(t('expense-category.removed'));
  };
  return (
    <Screen
      title={t('expense-category.title')}
      actions={add}
      bars={
        <>
          <SearchBar value={search} onSearch={setSearch} placeholder={t('expense-category.search')} />
          <ListBar summary={t('expense-category.count', { count: shown.length })} />
        </>
      }
    >
      {categories.length === 0 ? (
        <EmptyState icon={Tags} title={t('expense-category.empty')} text={t('expense-category.empty-text')}>
          {add}
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="expense-category-list">
          {shown.map((c) => (
            <li key={c._id} className="flex min-h-12 items-center gap-2 px-4 py-2">
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{c.description}</div>
                {c.balanceLedgerId && (
                  <div className="truncate text-sm text-muted-foreground">
                    {t('expense-category.posts-to', { ledger: ledgerName(sorted, c.balanceLedgerId) })}
                  </div>
                )}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('expense-category.edit-named', { name: c.description })}
                onClick={() => setEditing(c)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('expense-category.remove-named', { name: c.description })}
                onClick={() => setRemoving(c)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(undefined)}>
        {editing && (
          <CategoryForm
            key={editing === 'new' ? 'new' : editing._id}
            category={editing === 'new' ? undefined : editing}
            all={sorted}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Dialog>
      <AlertDialog open={!!removing} onOpenChange={(open) => !open && setRemoving(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t('expense-category.remove-confirm', { name: removing?.description })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t('expense-category.remove-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmRemove}>
              {t('general.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}

/** The overheads ledgers a category may post to: its own, another category's, or uncategorised. */
function ledgerName(all: readonly Category[], ledgerId: string): string {
  if (ledgerId === Balance.FIXED.uncategorised.id) return Balance.FIXED.uncategorised.name;
  return all.find((c) => Balance.overheadId({ _id: c._id }) === ledgerId)?.description ?? ledgerId;
}

function CategoryForm({
  category,
  all,
  onDone,
}: {
  category?: Category;
  all: readonly Category[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCommand(ExpenseCategories.create);
  const update = useCommand(ExpenseCategories.update);
  const [name, setName] = useState(category?.description ?? '');
  const [ledger, setLedger] = useState(category?.balanceLedgerId ?? '');
  const [error, setError] = useProblem();
  const others = all.filter((c) => c._id !== category?._id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('expense-category.name-required');
    if (others.some((c) => ExpenseCategories.sameCategoryName(c.description, name))) {
      return setError('expense-category.duplicate', { name: name.trim() });
    }
    const fields = { description: name, balanceLedgerId: ledger || null };
    if (category) {
      update.mutate(
        { _id: category._id, changes: fields },
        {
          onError: (x) => toast.error(t('expense-category.update-failed'), { description: errorText(t, x) }),
        },
      );
      toast.success(t('expense-category.updated'));
    } else {
      create.mutate(
        { ...fields, _id: newId() },
        {
          onError: (x) => toast.error(t('expense-category.create-failed'), { description: errorText(t, x) }),
        },
      );
      toast.success(t('expense-category.created'));
    }
    onDone();
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{category ? t('expense-category.edit') : t('expense-category.add')}</DialogTitle>
          <DialogDescription>{t('expense-category.form-description')}</DialogDescription>
        </DialogHeader>
        <Field label={t('expense-category.name')} error={error}>
          <input
            className={inputClass}
            value={name}
            maxLength={100}
            aria-invalid={!!error}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <Field label={t('expense-category.ledger')} hint={t('expense-category.ledger-hint')}>
          <select className={inputClass} value={ledger} onChange={(e) => setLedger(e.target.value)}>
            <option value="">{t('expense-category.own-ledger')}</option>
            {others.map((c) => (
              <option key={c._id} value={Balance.overheadId({ _id: c._id })}>
                {c.description}
              </option>
            ))}
            <option value={Balance.FIXED.uncategorised.id}>{Balance.FIXED.uncategorised.name}</option>
          </select>
        </Field>
        <DialogFooter>
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass}>
            {t('general.save')}
          </button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
