import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';

/**
 * docs/screens/privacy-policy.md: headers, font, bold/italic/underline/strike, lists, indent,
 * align, link, image.
 */
const modules = {
  toolbar: [
    [{ header: [1, 2, 3, 4, 5, 6, false] }],
    [{ font: [] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ indent: '-1' }, { indent: '+1' }],
    [{ align: [] }],
    ['link', 'image'],
  ],
};

/**
 * Quill's header, font and align pickers are spans with role button but no name (the align one
 * shows only an icon, the others a value painted by CSS); these name them and their choices.
 * A missing data-value is Quill's default choice.
 */
const pickerNames: Record<string, { label: string; items: Record<string, string> }> = {
  header: {
    label: 'Heading',
    items: {
      '1': 'Heading 1',
      '2': 'Heading 2',
      '3': 'Heading 3',
      '4': 'Heading 4',
      '5': 'Heading 5',
      '6': 'Heading 6',
      '': 'Normal',
    },
  },
  font: { label: 'Font', items: { '': 'Sans Serif', serif: 'Serif', monospace: 'Monospace' } },
  align: {
    label: 'Alignment',
    items: { '': 'Align left', center: 'Align center', right: 'Align right', justify: 'Justify' },
  },
};

function namePickers(toolbar: HTMLElement): void {
  for (const [format, names] of Object.entries(pickerNames)) {
    const picker = toolbar.querySelector(`.ql-picker.ql-${format}`);
    picker?.querySelector('.ql-picker-label')?.setAttribute('aria-label', names.label);
    for (const item of picker?.querySelectorAll('.ql-picker-item') ?? []) {
      const name = names.items[item.getAttribute('data-value') ?? ''];
      if (name) item.setAttribute('aria-label', name);
    }
  }
}

const formats = [
  'header',
  'font',
  'bold',
  'italic',
  'underline',
  'strike',
  'list',
  'indent',
  'align',
  'link',
  'image',
];

export interface PolicyEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
}

/**
 * The rich-text editor, in its own lazily loaded chunk (Quill is large and only admins who edit
 * the policy need it; it is Quill as `quill-lean.ts` builds it, docs/decisions/458). Quill's own
 * markup is kept (not its "semantic" HTML, which turns every
 * space into &nbsp; in Quill 2.0), and the view renders it with Quill's styles.
 */
export default function PolicyEditor({ value, onChange, label }: PolicyEditorProps) {
  const quillRef = useRef<ReactQuill>(null);

  useEffect(() => {
    // Quill's editing area is a bare contenteditable div: give it a role and a name.
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    const root = editor.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-label', label);
    const toolbar: unknown = editor.getModule('toolbar');
    if (toolbar && typeof toolbar === 'object' && 'container' in toolbar) {
      const { container } = toolbar;
      if (container instanceof HTMLElement) namePickers(container);
    }
    // The link button opens Quill's own tooltip with a bare text input for the address.
    editor.container
      .querySelector('.ql-tooltip input[type="text"]')
      ?.setAttribute('aria-label', 'Link address');
  }, [label]);

  return (
    // policy-text: the text looks as it will on the page (policy-text.css).
    <div className="policy-editor policy-text rounded-xl bg-white [&_.ql-container]:min-h-80 [&_.ql-container]:rounded-b-xl [&_.ql-toolbar]:rounded-t-xl [&_.ql-toolbar]:bg-cream-50">
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        onChange={(html) => onChange(html)}
        modules={modules}
        formats={formats}
        placeholder="Write your privacy policy here..."
        useSemanticHTML={false}
      />
    </div>
  );
}
