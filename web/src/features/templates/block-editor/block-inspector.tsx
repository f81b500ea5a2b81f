import '../strings.ts';
import type { Templates } from '@roundwise/core';
import { ImageIcon, ImagePlus, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/form';
import { ImageLibraryDialog } from '../../../components/images/image-library-dialog';
import { PhotoSearchDialog } from '../../../components/images/photo-search-dialog';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { append, blockAt, LEAF_TYPES, newBlock, type Path, replaceAt } from './paths';

type Block = Templates.Block;
type Of<T extends Block['type']> = Extract<Block, { type: T }>;

/** The chosen block's settings; every change shows at once in the preview. */
export function BlockInspector({
  blocks,
  path,
  onChange,
  onRemove,
}: {
  blocks: Block[];
  path: Path;
  onChange: (blocks: Block[]) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const block = blockAt(blocks, path);
  if (!block) return null;
  const set = (changes: Partial<Block>) =>
    onChange(replaceAt(blocks, path, { ...block, ...changes } as Block));
  return (
    <section aria-label={t('editor.block-settings')} className="flex flex-col gap-3 rounded-md border p-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t(`editor.block-${block.type}`)}</h2>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden />
          {t('editor.remove-block')}
        </Button>
      </div>
      {block.type === 'text' && <TextSettings block={block} set={set} />}
      {block.type === 'image' && <ImageSettings block={block} set={set} />}
      {block.type === 'button' && <ButtonSettings block={block} set={set} />}
      {block.type === 'divider' && (
        <>
          <Colour label={t('editor.colour')} value={block.colour} onChange={(colour) => set({ colour })} />
          <NumberField
            label={t('editor.thickness')}
            value={block.thickness}
            min={1}
            max={8}
            onChange={(thickness) => set({ thickness })}
          />
        </>
      )}
      {block.type === 'spacer' && (
        <NumberField
          label={t('editor.height')}
          value={block.height}
          min={4}
          max={200}
          onChange={(height) => set({ height })}
        />
      )}
      {block.type === 'columns' && path.length === 1 && (
        <ColumnsSettings
          block={block}
          onAdd={(column, type) =>
            onChange(append(blocks, newBlock(type, window.location.origin), [path[0], column]))
          }
          set={set}
        />
      )}
    </section>
  );
}

type Setter = (changes: Partial<Block>) => void;

function TextSettings({ block, set }: { block: Of<'text'>; set: Setter }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('editor.text')} hint={t('editor.text-hint')}>
        <Textarea rows={5} value={block.text} onChange={(e) => set({ text: e.target.value })} />
      </Field>
      <Choice
        label={t('editor.size')}
        value={block.size}
        options={['small', 'normal', 'large', 'heading']}
        onChange={(size) => set({ size })}
      />
      <AlignChoice value={block.align} onChange={(align) => set({ align })} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={block.bold} onChange={(e) => set({ bold: e.target.checked })} />
        {t('editor.bold')}
      </label>
      <Colour
        label={t('editor.colour')}
        value={block.colour ?? '#1f2937'}
        onChange={(colour) => set({ colour })}
      />
    </>
  );
}

function ImageSettings({ block, set }: { block: Of<'image'>; set: Setter }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'photos' | 'library'>();
  const pick = (src: string, alt: string) => {
    set({ src, alt: block.alt || alt });
    setDialog(undefined);
  };
  return (
    <>
      <Field label={t('editor.image-address')}>
        <input className={inputClass} value={block.src} onChange={(e) => set({ src: e.target.value })} />
      </Field>
      <div className="flex flex-wrap gap-1">
        <Button variant="outline" size="sm" onClick={() => setDialog('library')}>
          <ImageIcon aria-hidden />
          {t('editor.image-library')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDialog('photos')}>
          <ImagePlus aria-hidden />
          {t('editor.photo-search')}
        </Button>
      </div>
      <Field label={t('editor.alt')}>
        <input className={inputClass} value={block.alt} onChange={(e) => set({ alt: e.target.value })} />
      </Field>
      <Field label={t('editor.image-link')}>
        <input className={inputClass} value={block.href} onChange={(e) => set({ href: e.target.value })} />
      </Field>
      <NumberField
        label={t('editor.width')}
        value={block.width}
        min={10}
        max={100}
        onChange={(width) => set({ width })}
      />
      <AlignChoice value={block.align} onChange={(align) => set({ align })} />
      <PhotoSearchDialog
        open={dialog === 'photos'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        onPick={(photo) => pick(photo.url, photo.description)}
      />
      <ImageLibraryDialog
        open={dialog === 'library'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        onPick={(image) => pick(image.url, image.name)}
      />
    </>
  );
}

function ButtonSettings({ block, set }: { block: Of<'button'>; set: Setter }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('editor.button-label')}>
        <input className={inputClass} value={block.label} onChange={(e) => set({ label: e.target.value })} />
      </Field>
      <Field label={t('editor.button-link')} hint={t('editor.button-link-hint')}>
        <input
          className={inputClass}
          value={block.href}
          placeholder="https://"
          onChange={(e) => set({ href: e.target.value })}
        />
      </Field>
      <Colour
        label={t('editor.background')}
        value={block.background}
        onChange={(background) => set({ background })}
      />
      <Colour label={t('editor.text-colour')} value={block.colour} onChange={(colour) => set({ colour })} />
      <AlignChoice value={block.align} onChange={(align) => set({ align })} />
    </>
  );
}

function ColumnsSettings({
  block,
  onAdd,
  set,
}: {
  block: Of<'columns'>;
  onAdd: (column: number, type: (typeof LEAF_TYPES)[number]) => void;
  set: Setter;
}) {
  const { t } = useTranslation();
  const count = block.columns.length;
  return (
    <>
      <Choice
        label={t('editor.column-count')}
        value={String(count)}
        options={['2', '3']}
        onChange={(n) =>
          set({
            columns: Number(n) > count ? [...block.columns, []] : block.columns.slice(0, Number(n)),
          })
        }
      />
      {block.columns.map((_, c) => (
        // Columns have no ids of their own: a column is its place.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={c} className="flex flex-wrap items-center gap-1 text-sm">
          <span className="mr-1">{t('editor.column-n', { n: c + 1 })}</span>
          {LEAF_TYPES.map((type) => (
            <Button key={type} variant="outline" size="sm" onClick={() => onAdd(c, type)}>
              <Plus aria-hidden />
              {t(`editor.block-${type}`)}
            </Button>
          ))}
        </div>
      ))}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label className="flex items-center justify-between gap-2 text-sm">
      <span className="font-medium">{label}</span>
      {children}
    </label>
  );
}

function Colour({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Row label={label}>
      <input
        type="color"
        className="h-8 w-12 rounded border"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Row>
  );
}

function NumberField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  return (
    <Row label={label}>
      <input
        type="number"
        className={`${inputClass} w-24`}
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(Math.round(Number(e.target.value)))}
      />
    </Row>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <Row label={label}>
      <select className={`${inputClass} w-36`} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`editor.option-${o}`)}
          </option>
        ))}
      </select>
    </Row>
  );
}

function AlignChoice({
  value,
  onChange,
}: {
  value: 'left' | 'center' | 'right';
  onChange: (v: 'left' | 'center' | 'right') => void;
}) {
  const { t } = useTranslation();
  return (
    <Choice
      label={t('editor.align')}
      value={value}
      options={['left', 'center', 'right']}
      onChange={onChange}
    />
  );
}
