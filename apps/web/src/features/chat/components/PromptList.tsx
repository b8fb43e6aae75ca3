interface Props {
  label: string;
  prompts: string[];
  onPick: (prompt: string) => void;
  className?: string;
}

/** Questions to ask with one click (suggested questions, related questions): a list of buttons. */
export function PromptList({ label, prompts, onPick, className }: Props) {
  return (
    <ul className={`chat-prompts${className ? ` ${className}` : ''}`} aria-label={label}>
      {prompts.map((prompt, i) => (
        <li key={`${i}-${prompt}`}>
          <button type="button" className="chat-prompt" onClick={() => onPick(prompt)}>{prompt}</button>
        </li>
      ))}
    </ul>
  );
}
