import Quill from 'quill/core';
import { AlignClass } from 'quill/formats/align';
import Bold from 'quill/formats/bold';
import { FontClass } from 'quill/formats/font';
import Header from 'quill/formats/header';
import Image from 'quill/formats/image';
import Indent from 'quill/formats/indent';
import Italic from 'quill/formats/italic';
import Link from 'quill/formats/link';
import List from 'quill/formats/list';
import Strike from 'quill/formats/strike';
import Underline from 'quill/formats/underline';
import Toolbar from 'quill/modules/toolbar';
import SnowTheme from 'quill/themes/snow';

/**
 * Quill with only what the policy editor's toolbar offers (docs/screens/privacy-policy.md), built
 * from `quill/core` the way Quill's documentation shows for a smaller bundle. The build hands it
 * to react-quill-new in place of the full `quill` (vite.config.ts), so the formats, modules and
 * the second theme nobody uses (code blocks and their syntax module, tables, formulas, videos,
 * colours, sizes, scripts, direction, Bubble) are not shipped.
 */
Quill.register(
  {
    'attributors/class/align': AlignClass,
    'attributors/class/font': FontClass,
    'formats/align': AlignClass,
    'formats/font': FontClass,
    'formats/indent': Indent,
    'formats/header': Header,
    'formats/list': List,
    'formats/bold': Bold,
    'formats/italic': Italic,
    'formats/underline': Underline,
    'formats/strike': Strike,
    'formats/link': Link,
    'formats/image': Image,
    'modules/toolbar': Toolbar,
    'themes/snow': SnowTheme,
  },
  true,
);

export * from 'quill/core';
export default Quill;
