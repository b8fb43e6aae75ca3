// The three entry points of react-syntax-highlighter we use (the package ships no types).
declare module 'react-syntax-highlighter/dist/esm/prism-light' {
  import type { ComponentType, CSSProperties, ReactNode } from 'react';
  interface Props {
    language?: string;
    style?: Record<string, CSSProperties>;
    customStyle?: CSSProperties;
    children?: ReactNode;
  }
  const PrismLight: ComponentType<Props> & { registerLanguage(name: string, grammar: unknown): void };
  export default PrismLight;
}
declare module 'react-syntax-highlighter/dist/esm/styles/prism/one-light' {
  import type { CSSProperties } from 'react';
  const style: Record<string, CSSProperties>;
  export default style;
}
declare module 'react-syntax-highlighter/dist/esm/languages/prism/*' {
  const grammar: unknown;
  export default grammar;
}
