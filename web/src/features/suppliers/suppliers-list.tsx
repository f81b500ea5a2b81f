import './strings.ts';
import type { Suppliers } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Plus, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { secondaryButtonClass } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { useEntityList } from '../../lib/sync/hooks';

/** `suppliers/list` (spec 002 section 2.9): search and add; a supplier opens its detail. */
export function SuppliersList() {
  const { t } = useTranslation();
  const suppliers = useEntityList<Suppliers.Supplier>('supplier');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return suppliers
      .filter((s) => !q || s.name.toLowerCase().includes(q) || s.notes.toLowerCase().includes(q))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [suppliers, search]);
  const add = (
    <Link to="/suppliers/add" className={secondaryButtonClass}>
      <Plus className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{t('supplier.add')}</span>
    </Link>
  );
  return (
    <Screen
      title={t('supplier.title')}
      actions={add}
      bars={
        <>
          <SearchBar value={search} onSearch={setSearch} placeholder={t('supplier.search')} />
          <ListBar summary={t('supplier.count', { count: shown.length })} />
        </>
      }
    >
      {suppliers.length === 0 ? (
        <EmptyState icon={Truck} title={t('supplier.list-empty')} text={t('supplier.list-empty-text')}>
          {add}
        </EmptyState>
      ) : shown.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">{t('supplier.none-match', { search })}</p>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="supplier-list">
          {shown.map((s) => (
            <li key={s._id}>
              <Link
                to="/suppliers/$id"
                params={{ id: s._id }}
                className="flex min-h-12 flex-col justify-center px-4 py-3 hover:bg-accent"
              >
                <span className="truncate font-medium">{s.name}</span>
                {s.notes && <span className="truncate text-sm text-muted-foreground">{s.notes}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
