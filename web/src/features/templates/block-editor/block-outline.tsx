import '../strings.ts';
import type { Templates } from '@roundwise/core';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { append, BLOCK_TYPES, moveAt, newBlock, type Path, samePath } from './paths';

type Block = Templates.Block;

/** A block's one-line summary in the outline. */
export function summary(block: Block | Templates.LeafBlock): string {
  switch (block.type) {
    case 'text':
      return block.text.split('\n')[0] ?? '';
    case 'button':
      return block.label;
    case 'image':
      return block.alt || block.src.split('/').pop() || '';
    default:
      return '';
  }
}

/** The blocks in order: choose one to edit, move it, or add new ones at the end. */
export function BlockOutline({
  blocks,
  selected,
  onSelect,
  onChange,
}: {
  blocks: Block[];
  selected?: Path;
  onSelect: (path: Path) => void;
  onChange: (blocks: Block[]) => void;
}) {
  const { t } = useTranslation();
  const row = (block: Block | Templates.LeafBlock, path: Path, nested = false) => (
    <li key={block.id} className={cn('flex items-center gap-1', nested && 'pl-4')}>
      <button
        type="button"
        aria-pressed={samePath(selected, path)}
        onClick={() => onSelect(path)}
        className={cn(
          'min-w-0 flex-1 truncate rounded-md border px-2 py-1.5 text-left text-sm',
          samePath(selected, path) && 'border-primary bg-accent',
        )}
      >
        <span className="font-medium">{t(`editor.block-${block.type}`)}</span>{' '}
        <span className="text-muted-foreground">{summary(block)}</span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('editor.move-up')}
        onClick={() => onChange(moveAt(blocks, path, -1))}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('editor.move-down')}
        onClick={() => onChange(moveAt(blocks, path, 1))}
      >
        <ArrowDown aria-hidden />
      </Button>
    </li>
  );
  return (
    <section aria-label={t('editor.blocks')} className="flex flex-col gap-2 rounded-md border p-3">
      <h2 className="text-sm font-semibold">{t('editor.blocks')}</h2>
      <ol className="flex flex-col gap-1" data-testid="block-outline">
        {blocks.flatMap((block, i) => [
          row(block, [i]),
          ...(block.type === 'columns'
            ? block.columns.flatMap((col, c) => col.map((leaf, j) => row(leaf, [i, c, j], true)))
            : []),
        ])}
      </ol>
      <fieldset className="flex flex-wrap gap-1" aria-label={t('editor.add-block')}>
        {BLOCK_TYPES.map((type) => (
          <Button
            key={type}
            variant="outline"
            size="sm"
            onClick={() => {
              const next = append(blocks, newBlock(type, window.location.origin));
              onChange(next);
              onSelect([next.length - 1]);
            }}
          >
            <Plus aria-hidden />
            {t(`editor.block-${type}`)}
          </Button>
        ))}
      </fieldset>
    </section>
  );
}
