// The XSS corpus (issue 10, SEC-3): payloads an agent could put wherever its text reaches the inspector. Each one, if
// it ever ran, would call the page's `__xss(id)` probe or make a request to the sentinel origin under `/hit/<id>`, so
// a test can tell exactly which payload got through and where. Families cover script tags, event handlers, SVG and
// MathML, `javascript:` and `data:` links (markdown and HTML), framing and embedding, CSS injection, template
// syntax, and spoofing characters in names; the file parts carry content whose declared media type lies.

export type XssFamily = 'script' | 'handler' | 'svg' | 'link' | 'embed' | 'css' | 'template' | 'spoof';

export interface XssPayload {
  id: string;
  family: XssFamily;
  text: string;
}

/** A payload that lies about its media type: bytes of one kind labelled as another. */
export interface MislabelledFile {
  id: string;
  filename: string;
  mediaType: string;
  content: string;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The probe call a payload makes when it runs, in any frame. */
const call = (id: string) => `__xss('${id}')`;

/** Every payload; `sentinel` is the origin whose requests count as a payload calling out. */
export function xssPayloads(sentinel: string): XssPayload[] {
  const hit = (id: string) => `${sentinel}/hit/${id}`;
  const list: Array<[XssFamily, string, string]> = [
    ['script', 'script-tag', `<script>${call('script-tag')}</script>`],
    ['script', 'script-src', `<script src="${hit('script-src')}"></script>`],
    ['script', 'script-alert', `<script>alert('script-alert')</script>`],
    ['script', 'attr-break', `"><script>${call('attr-break')}</script>`],
    ['script', 'textarea-break', `</textarea><script>${call('textarea-break')}</script>`],
    ['script', 'title-break', `</title><script>${call('title-break')}</script>`],
    ['script', 'nested-tag', `<scr<script>ipt>${call('nested-tag')}</scr</script>ipt>`],
    ['script', 'js-string-break', `';${call('js-string-break')};//`],
    ['handler', 'img-onerror', `<img src=x onerror="${call('img-onerror')}">`],
    ['handler', 'body-onload', `<body onload="${call('body-onload')}">`],
    ['handler', 'details-ontoggle', `<details open ontoggle="${call('details-ontoggle')}">x</details>`],
    ['handler', 'autofocus', `<input autofocus onfocus="${call('autofocus')}">`],
    ['handler', 'video-source', `<video><source onerror="${call('video-source')}"></video>`],
    [
      'handler',
      'overlay-hover',
      `<div onmouseover="${call('overlay-hover')}" style="position:fixed;inset:0;z-index:99999">hover</div>`,
    ],
    ['handler', 'onclick', `<a href="#" onclick="${call('onclick')}">click me</a>`],
    ['handler', 'unquoted', `<img src=x onerror=${call('unquoted')}//`],
    ['svg', 'svg-onload', `<svg onload="${call('svg-onload')}"></svg>`],
    ['svg', 'svg-script', `<svg><script>${call('svg-script')}</script></svg>`],
    [
      'svg',
      'svg-foreign',
      `<svg><foreignObject><iframe srcdoc="<script>parent.${call('svg-foreign')}</script>"></iframe></foreignObject></svg>`,
    ],
    [
      'svg',
      'svg-xlink',
      `<svg><a xlink:href="javascript:${call('svg-xlink')}"><text y="20">x</text></a></svg>`,
    ],
    [
      'svg',
      'svg-animate',
      `<svg><animate onbegin="${call('svg-animate')}" attributeName="x" dur="1s"/></svg>`,
    ],
    [
      'svg',
      'mathml-mutation',
      `<math><mtext><table><mglyph><style><img src=x onerror="${call('mathml-mutation')}">`,
    ],
    ['link', 'md-js-link', `[click](javascript:${call('md-js-link')})`],
    ['link', 'md-js-mixed-case', `[click](JaVaScRiPt:${call('md-js-mixed-case')})`],
    ['link', 'md-js-entity', `[click](java&#x09;script:${call('md-js-entity')})`],
    [
      'link',
      'md-data-link',
      `[open](data:text/html;base64,${b64(`<script>parent.${call('md-data-link')}</script>`)})`,
    ],
    ['link', 'md-image-js', `![pic](javascript:${call('md-image-js')})`],
    ['link', 'md-reference', `[ref link][evil]\n\n[evil]: javascript:${call('md-reference')}`],
    ['link', 'md-autolink', `<javascript:${call('md-autolink')}>`],
    ['link', 'html-js-link', `<a href="javascript:${call('html-js-link')}">link</a>`],
    ['link', 'vbscript', `[vb](vbscript:msgbox("vbscript"))`],
    ['embed', 'iframe-js', `<iframe src="javascript:${call('iframe-js')}"></iframe>`],
    ['embed', 'iframe-srcdoc', `<iframe srcdoc="<script>parent.${call('iframe-srcdoc')}</script>"></iframe>`],
    [
      'embed',
      'object-data',
      `<object data="data:text/html,<script>${call('object-data')}</script>"></object>`,
    ],
    ['embed', 'embed-src', `<embed src="javascript:${call('embed-src')}">`],
    ['embed', 'form-action', `<form action="javascript:${call('form-action')}"><button>go</button></form>`],
    [
      'embed',
      'meta-refresh',
      `<meta http-equiv="refresh" content="0;url=javascript:${call('meta-refresh')}">`,
    ],
    ['embed', 'base-href', `<base href="${hit('base-href')}/">`],
    ['embed', 'remote-image', `<img src="${hit('remote-image')}">`],
    ['css', 'css-style-tag', `<style>*{background:url(${hit('css-style-tag')})}</style>`],
    ['css', 'css-attribute', `<div style="background-image:url(${hit('css-attribute')})">styled</div>`],
    ['css', 'css-link', `<link rel="stylesheet" href="${hit('css-link')}">`],
    ['css', 'css-import', `<style>@import '${hit('css-import')}';</style>`],
    ['css', 'css-hide-app', `</style><style>body{display:none!important}</style>`],
    ['template', 'angular', `{{constructor.constructor('${call('angular')}')()}}`],
    ['template', 'template-literal', '${' + call('template-literal') + '}'],
    ['template', 'prototype-key', `__proto__`],
    ['spoof', 'rlo-filename', 'invoice\u202Efdp.exe'],
    ['spoof', 'zero-width', 'pay\u200Bpal'],
    ['spoof', 'isolates', 'admin\u2066\u2069 \u2067root\u2069'],
    ['spoof', 'bom-joiner', 'Echo\uFEFF\u200D agent'],
    ['spoof', 'tag-characters', 'safe\u{E0069}\u{E0067}\u{E006E}'],
  ];
  return list.map(([family, id, text]) => ({ id, family, text }));
}

/** Payloads that carry a spoofing character, for the checks that the marks are shown. */
export function spoofPayloads(sentinel: string): XssPayload[] {
  return xssPayloads(sentinel).filter((p) => p.family === 'spoof');
}

/** File parts whose declared type lies about their bytes; each would call the probe if rendered as what it is. */
export function mislabelledFiles(): MislabelledFile[] {
  const html = (id: string) =>
    `<!doctype html><script>top.${call(id)}</script><img src=x onerror="${call(id)}">`;
  return [
    { id: 'html-as-png', filename: 'photo.png', mediaType: 'image/png', content: html('html-as-png') },
    { id: 'html-as-jpeg', filename: 'scan.jpg', mediaType: 'image/jpeg', content: html('html-as-jpeg') },
    {
      id: 'svg-as-png',
      filename: 'chart.png',
      mediaType: 'image/png',
      content: `<svg xmlns="http://www.w3.org/2000/svg" onload="${call('svg-as-png')}"><script>${call('svg-as-png')}</script></svg>`,
    },
    { id: 'html-as-text', filename: 'notes.txt', mediaType: 'text/plain', content: html('html-as-text') },
    {
      id: 'html-no-type',
      filename: 'report\u202Elmth.txt',
      mediaType: 'application/octet-stream',
      content: html('html-no-type'),
    },
    {
      id: 'html-as-json',
      filename: 'data.json',
      mediaType: 'application/json',
      content: html('html-as-json'),
    },
  ];
}
