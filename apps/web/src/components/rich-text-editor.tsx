import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineRichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type RichTextEditorProps = {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  required?: boolean;
  description?: string;
  testId?: string;
};

/** The controls' accessible names in the user's language (namespace forms, richText.*). */
function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation('forms');
  return useMemo(
    () => ({
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      clearFormattingControlLabel: t('richText.clearFormatting'),
      h2ControlLabel: t('richText.h2'),
      h3ControlLabel: t('richText.h3'),
      h4ControlLabel: t('richText.h4'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.blockquote'),
      hrControlLabel: t('richText.hr'),
      codeControlLabel: t('richText.code'),
      codeBlockControlLabel: t('richText.codeBlock'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
      linkEditorInputLabel: t('richText.linkUrl'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t('richText.linkNewTab'),
      linkEditorInternalLink: t('richText.linkSameTab'),
      linkEditorSave: t('richText.linkSave'),
    }),
    [t],
  );
}

/**
 * The portal's rich text editor (Mantine's Tiptap integration): paragraphs, headings 2–4, emphasis, lists,
 * quotes, code and links, what the server keeps of a rich text (ADR 0111). Load it lazily (`React.lazy`): Tiptap
 * and ProseMirror stay out of every chunk but the editing screens'.
 */
export function RichTextEditor({ label, value, onChange, error, required, description, testId }: RichTextEditorProps) {
  const labels = useLabels();
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true', role: 'textbox' } },
  });
  // A value set from outside (another language's tab, a reset) replaces the text; typing does not come back here.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: `${id}-label` }}
      required={required}
      description={description}
      error={error}
      data-testid={testId}
    >
      <MantineRichTextEditor editor={editor} labels={labels} mt={4}>
        <MantineRichTextEditor.Toolbar>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <MantineRichTextEditor.ClearFormatting />
            <MantineRichTextEditor.Code />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
            <MantineRichTextEditor.H4 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
            <MantineRichTextEditor.Blockquote />
            <MantineRichTextEditor.CodeBlock />
            <MantineRichTextEditor.Hr />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Undo />
            <MantineRichTextEditor.Redo />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content mih={200} />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}
