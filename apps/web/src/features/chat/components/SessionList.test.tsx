import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { SessionList, type SessionListItem } from './SessionList.tsx';

const sessions: SessionListItem[] = [
  { id: 1, name: '生物复习' },
  { id: 2, name: '一个很长很长很长很长很长很长很长很长很长的会话名称' },
];

function List({ onSelect = () => {}, onRename = () => {}, onDelete = () => {} }: {
  onSelect?: (id: number) => void;
  onRename?: (s: SessionListItem) => void;
  onDelete?: (s: SessionListItem) => void;
}) {
  const [active, setActive] = useState(1);
  return (
    <SessionList
      items={sessions}
      activeId={active}
      onSelect={(id) => { onSelect(id); setActive(id); }}
      onRename={onRename}
      onDelete={onDelete}
    />
  );
}

const item = (name: string) => screen.getByRole('button', { name });
const current = () => screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'true').map((b) => b.textContent);

async function openMenu(index: number, entry: '重命名' | '删除') {
  fireEvent.click(screen.getAllByRole('button', { name: '更多操作' })[index]!);
  const option = await screen.findByRole('menuitem', { name: new RegExp(entry) });
  fireEvent.click(option);
}

describe('SessionList (the /home session panel)', () => {
  beforeEach(installAntdJsdomShims);
  afterEach(cleanup);

  it('lists the sessions as buttons, the current one aria-current, long names whole in the title', () => {
    render(<List />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(current()).toEqual(['生物复习']);
    expect(item(sessions[1]!.name).getAttribute('title')).toBe(sessions[1]!.name);
    expect(screen.getAllByRole('button', { name: '更多操作' })).toHaveLength(2);
  });

  it('selects a session by click', () => {
    const onSelect = vi.fn();
    render(<List onSelect={onSelect} />);
    fireEvent.click(item(sessions[1]!.name));
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(current()).toEqual([sessions[1]!.name]);
  });

  it('is a native button, so the keyboard selects it (Enter and Space activate a focused <button>)', () => {
    const onSelect = vi.fn();
    render(<List onSelect={onSelect} />);
    const second = item(sessions[1]!.name);
    expect(second.tagName).toBe('BUTTON');
    expect(second.getAttribute('type')).toBe('button');
    second.focus();
    expect(document.activeElement).toBe(second);
    // jsdom has no key activation of its own: on Enter a browser sends a focused <button> a click
    // of detail 0 (the e2e presses the real keys).
    fireEvent.keyDown(second, { key: 'Enter' });
    fireEvent.click(second, { detail: 0 });
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it('the more menu renames and deletes without selecting the session', async () => {
    const onSelect = vi.fn();
    const onRename = vi.fn();
    const onDelete = vi.fn();
    const around = vi.fn();
    render(
      <div onClick={around}><List onSelect={onSelect} onRename={onRename} onDelete={onDelete} /></div>,
    );

    await openMenu(1, '重命名');
    await waitFor(() => expect(onRename).toHaveBeenCalledWith(sessions[1]));

    await openMenu(1, '删除');
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sessions[1]));

    expect(onSelect).not.toHaveBeenCalled();
    expect(current()).toEqual(['生物复习']);
    // Neither the more button nor a menu entry reaches what holds the list.
    expect(around).not.toHaveBeenCalled();
  });
});
