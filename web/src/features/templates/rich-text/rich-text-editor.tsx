import '../strings.ts';
import type { Templates } from '@roundwise/core';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading1,
  Heading2,
  ImageIcon,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/form';
import { ImageLibraryDialog } from '../../../components/images/image-library-dialog';
import { PhotoSearchDialog } from '../../../components/images/photo-search-dialog';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { cn } from '../../../lib/utils';

/**
 * The rich-text editor (spec 001 section 2.10) on TipTap (ProseMirror): its document is the
 * template's `state`, and core draws the email from it (`Templates.richTextHtml`), so the editor
 * offers only what the generator draws: headings, paragraphs, bold, italic, underline, strike,
 * links, lists, quotes, rules and images. Images come from the account's image library or the
 * photo search. Loaded on its own (`lazy`), with TipTap, when a wizard reaches its last step.
 */
export default function RichTextEditor({
  value,
  onChange,
}: {
  value: Templates.RichNode;
  onChange: (doc: Templates.RichNode) => void;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
      }),
      Image,
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': t('templates.body'), role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as Templates.RichNode),
  });
  const [dialog, setDialog] = useState<'link' | 'photos' | 'library'>();
  const insertImage = (src: string, alt: string) => {
    editor?.chain().focus().setImage({ src, alt }).run();
    setDialog(undefined);
  };
  return (
    <div className="flex flex-col rounded-md border" data-testid="rich-text-editor">
      {editor && <Toolbar editor={editor} onDialog={setDialog} />}
      <EditorContent
        editor={editor}
        className={cn(
          'min-h-64 p-3 text-sm [&_.ProseMirror]:min-h-60 [&_.ProseMirror]:outline-none',
          '[&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
          '[&_p]:mb-2 [&_ul]:mb-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mb-2 [&_ol]:list-decimal [&_ol]:pl-6',
          '[&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
          '[&_a]:text-primary [&_a]:underline [&_hr]:my-3 [&_img]:max-w-full [&_img.ProseMirror-selectednode]:ring-2',
        )}
      />
      {editor && dialog === 'link' && (
        <LinkDialog
          open
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setDialog(undefined)}
          onSave={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            (href ? chain.setLink({ href }) : chain.unsetLink()).run();
            setDialog(undefined);
          }}
        />
      )}
      <PhotoSearchDialog
        open={dialog === 'photos'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        onPick={(photo) => insertImage(photo.url, photo.description)}
      />
      <ImageLibraryDialog
        open={dialog === 'library'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        onPick={(image) => insertImage(image.url, image.name)}
      />
    </div>
  );
}

function Toolbar({
  editor,
  onDialog,
}: {
  editor: Editor;
  onDialog: (d: 'link' | 'photos' | 'library') => void;
}) {
  const { t } = useTranslation();
  const tool = (label: string, Icon: LucideIcon, run: () => void, active = false, disabled = false) => (
    <Button
      key={label}
      type="button"
      variant={active ? 'secondary' : 'ghost'}
      size="icon"
      className="size-8"
      aria-label={label}
      aria-pressed={active}
      title={label}
      disabled={disabled}
      onClick={run}
    >
      <Icon aria-hidden />
    </Button>
  );
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label={t('templates.toolbar')} className="flex flex-wrap gap-0.5 border-b p-1">
      {tool(t('editor.bold'), Bold, () => chain().toggleBold().run(), editor.isActive('bold'))}
      {tool(t('editor.italic'), Italic, () => chain().toggleItalic().run(), editor.isActive('italic'))}
      {tool(
        t('editor.underline'),
        Underline,
        () => chain().toggleUnderline().run(),
        editor.isActive('underline'),
      )}
      {tool(t('editor.strike'), Strikethrough, () => chain().toggleStrike().run(), editor.isActive('strike'))}
      {tool(
        t('editor.heading-1'),
        Heading1,
        () => chain().toggleHeading({ level: 1 }).run(),
        editor.isActive('heading', { level: 1 }),
      )}
      {tool(
        t('editor.heading-2'),
        Heading2,
        () => chain().toggleHeading({ level: 2 }).run(),
        editor.isActive('heading', { level: 2 }),
      )}
      {tool(
        t('editor.bullet-list'),
        List,
        () => chain().toggleBulletList().run(),
        editor.isActive('bulletList'),
      )}
      {tool(
        t('editor.ordered-list'),
        ListOrdered,
        () => chain().toggleOrderedList().run(),
        editor.isActive('orderedList'),
      )}
      {tool(t('editor.quote'), Quote, () => chain().toggleBlockquote().run(), editor.isActive('blockquote'))}
      {tool(t('editor.rule'), Minus, () => chain().setHorizontalRule().run())}
      {tool(t('editor.link'), Link2, () => onDialog('link'), editor.isActive('link'))}
      {tool(t('editor.image-library'), ImageIcon, () => onDialog('library'))}
      {tool(t('editor.photo-search'), ImagePlus, () => onDialog('photos'))}
      {tool(t('editor.undo'), Undo2, () => chain().undo().run(), false, !editor.can().undo())}
      {tool(t('editor.redo'), Redo2, () => chain().redo().run(), false, !editor.can().redo())}
    </div>
  );
}

function LinkDialog({
  open,
  initial,
  onClose,
  onSave,
}: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onSave: (href: string) => void;
}) {
  const { t } = useTranslation();
  const [href, setHref] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onSave(href.trim());
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('editor.link')}</DialogTitle>
          </DialogHeader>
          <Field label={t('editor.link-address')} hint={t('editor.link-hint')}>
            <input className={inputClass} value={href} autoFocus onChange={(e) => setHref(e.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('general.cancel')}
            </Button>
            <Button type="submit">{t('general.ok')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
