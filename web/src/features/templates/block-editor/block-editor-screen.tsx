import '../strings.ts';
import { Templates } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { History, Palette, Save, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';
import { Button, buttonVariants } from '../../../components/ui/button';
import { useCommand } from '../../../lib/commands/use-command';
import { useEntity } from '../../../lib/sync/hooks';
import { toast } from '../../../lib/toast';
import { useProblem } from '../../../lib/use-problem';
import { TemplateUnavailable } from '../template-unavailable';
import { BlockInspector } from './block-inspector';
import { BlockOutline } from './block-outline';
import { type Path, removeAt } from './paths';
import { RevisionsPanel } from './revisions-panel';
import { ThemePanel } from './theme-panel';

type Template = Templates.Template & { _id: string };

/**
 * The block editor (spec 001 section 2.10, `block-editor/{id}`; spec 002's `editor/{id}`): the
 * outline of blocks to add, move and remove, the chosen block's settings, the theme, the saved
 * revisions, and the email itself as mail clients get it (core's `blockHtml` in a sandboxed frame).
 * 'Template not found' for an unknown id; a read-only template is not opened (spec 002 section 6).
 * Close returns to `/send/templates`.
 */
export function BlockEditorScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const template = useEntity<Template>('template', id);
  if (!template || template.readonly || !Templates.isBlockTemplate(template)) {
    return (
      <Screen title={t('editor.title')} actions={<CloseLink />}>
        {template && !template.readonly ? (
          <p className="text-sm">{t('templates.not-block-template')}</p>
        ) : (
          <TemplateUnavailable readonly={template?.readonly === true} />
        )}
      </Screen>
    );
  }
  return <BlockEditor key={template._id} template={template} />;
}

function CloseLink() {
  const { t } = useTranslation();
  return (
    <Link to="/send/templates" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
      <X aria-hidden />
      {t('general.close')}
    </Link>
  );
}

function BlockEditor({ template }: { template: Template & { blocks: Templates.Block[] } }) {
  const { t } = useTranslation();
  const save = useCommand(Templates.saveBlocks);
  const [blocks, setBlocks] = useState<Templates.Block[]>(template.blocks);
  const [theme, setTheme] = useState<Templates.Theme>(template.theme ?? Templates.Theme.parse({}));
  const [selected, setSelected] = useState<Path>();
  const [panel, setPanel] = useState<'theme' | 'revisions'>();
  const [error, setError] = useProblem();
  const html = useMemo(
    () => Templates.blockHtml(blocks, theme, template.subject),
    [blocks, theme, template.subject],
  );
  const change = (next: Templates.Block[]) => {
    setBlocks(next);
    setError(undefined);
  };
  const onSave = () => {
    const checked = Templates.Blocks.safeParse(blocks);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'general.validation-failed');
      return;
    }
    save.mutate(
      { _id: template._id, blocks: checked.data, theme },
      { onError: () => toast.error(t('templates.save-failed')) },
    );
    toast.success(t('templates.saved'));
  };
  return (
    <Screen
      wide
      title={template.name}
      actions={
        <>
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={panel === 'theme'}
            onClick={() => setPanel(panel === 'theme' ? undefined : 'theme')}
          >
            <Palette aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('editor.theme')}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={panel === 'revisions'}
            onClick={() => setPanel(panel === 'revisions' ? undefined : 'revisions')}
          >
            <History aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('editor.revisions')}</span>
          </Button>
          <Button size="sm" onClick={onSave}>
            <Save aria-hidden />
            {t('general.save')}
          </Button>
          <CloseLink />
        </>
      }
    >
      {error && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-4">
          {panel === 'theme' && <ThemePanel theme={theme} onChange={setTheme} />}
          {panel === 'revisions' && (
            <RevisionsPanel
              template={template}
              onRestored={(revision) => {
                setBlocks(revision.blocks);
                setTheme(revision.theme);
                setSelected(undefined);
              }}
            />
          )}
          <BlockOutline blocks={blocks} selected={selected} onSelect={setSelected} onChange={change} />
          {selected && (
            <BlockInspector
              blocks={blocks}
              path={selected}
              onChange={change}
              onRemove={() => {
                change(removeAt(blocks, selected));
                setSelected(undefined);
              }}
            />
          )}
        </div>
        <iframe
          title={t('editor.preview')}
          sandbox=""
          srcDoc={html}
          className="h-[70vh] min-h-[600px] w-full rounded-md border bg-white"
          data-testid="email-preview"
        />
      </div>
    </Screen>
  );
}
