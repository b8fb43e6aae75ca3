import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { ChatViewTabs } from './ChatViewTabs.tsx';

function Views() {
  const [active, setActive] = useState('chat');
  return <ChatViewTabs active={active} onChange={setActive} views={[{ key: 'chat', label: MSG.chatView }, { key: 'voice', label: MSG.voiceView }]} />;
}

const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent);

describe('ChatViewTabs (spec §2: 对话视图 / 语音视图)', () => {
  afterEach(cleanup);

  it('selects a view by click and by the arrow keys, keeping the focus on the selected tab', () => {
    render(<Views />);
    expect(selected()).toEqual([MSG.chatView]);
    fireEvent.click(screen.getByRole('tab', { name: MSG.voiceView }));
    expect(selected()).toEqual([MSG.voiceView]);
    fireEvent.keyDown(screen.getByRole('tab', { name: MSG.voiceView }), { key: 'ArrowRight' });
    expect(selected()).toEqual([MSG.chatView]);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: MSG.chatView }));
    fireEvent.keyDown(screen.getByRole('tab', { name: MSG.chatView }), { key: 'ArrowLeft' });
    expect(selected()).toEqual([MSG.voiceView]);
  });
});
