import { GRAMMAR_LOADERS } from './prism-grammars.ts';

/**
 * Maps a fence's info string to a Prism grammar name that HighlightedCode can load on demand
 * (one small chunk per language). Anything not listed is shown unhighlighted rather than
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


/** First word of the info string, lower-cased: what the block header shows. */
export function fenceLanguage(info: string | undefined): string {
  return (info ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

/** The grammar to highlight with, or undefined for plain text. */
export function prismGrammar(lang: string): string | undefined {
  const name = ALIASES[lang] ?? lang;
  return Object.hasOwn(GRAMMAR_LOADERS, name) ? name : undefined;
}

export const isHtmlLanguage = (lang: string) => lang === 'html' || lang === 'htm';
