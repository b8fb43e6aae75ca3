/**
 * Maps a fence's info string to a Prism grammar name that react-syntax-highlighter can load on
 * demand (one small chunk per language). Anything not listed is shown unhighlighted rather than
 * sending a request for a grammar that does not exist.
 */
const ALIASES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  html: 'markup',
  htm: 'markup',
  xml: 'markup',
  svg: 'markup',
  vue: 'markup',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  yml: 'yaml',
  md: 'markdown',
  'c++': 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  kt: 'kotlin',
  rs: 'rust',
  golang: 'go',
  ps1: 'powershell',
  dockerfile: 'docker',
  tex: 'latex',
  proto: 'protobuf',
  bat: 'batch',
  objc: 'objectivec',
  vb: 'vbnet',
};

const GRAMMARS = new Set([
  'bash', 'batch', 'c', 'clike', 'cpp', 'csharp', 'css', 'dart', 'diff', 'docker', 'go', 'graphql', 'groovy',
  'haskell', 'ini', 'java', 'javascript', 'json', 'jsx', 'kotlin', 'latex', 'less', 'lua', 'makefile',
  'markdown', 'markup', 'matlab', 'nginx', 'objectivec', 'perl', 'php', 'powershell', 'protobuf', 'python',
  'r', 'ruby', 'rust', 'sass', 'scala', 'scss', 'sql', 'swift', 'toml', 'tsx', 'typescript', 'vbnet', 'yaml',
]);

/** First word of the info string, lower-cased: what the block header shows. */
export function fenceLanguage(info: string | undefined): string {
  return (info ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

/** The grammar to highlight with, or undefined for plain text. */
export function prismGrammar(lang: string): string | undefined {
  const name = ALIASES[lang] ?? lang;
  return GRAMMARS.has(name) ? name : undefined;
}

export const isHtmlLanguage = (lang: string) => lang === 'html' || lang === 'htm';
