import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Empty, Flex, Input, Spin, Tag, Typography, message } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@xueban/contract/messages';
import { ChatMarkdown } from '../../../components/markdown/ChatMarkdown.tsx';
import {
  fetchVisitorRobot, loadConversation, saveConversation, streamVisitorAnswer, type VisitorMessage, type VisitorRobot,
} from '../lib/visitor-chat.ts';

/**
 * The chat a visitor of another site (or of a share link) has with a robot, without an account
 * (issue 25): /external-dialogue?embed=1 with a ticket or share token. The conversation stays in
 * this browser; the server stores it too, under the key, in the robot's records.
 */
export function VisitorChat({ token }: { token: string }) {
  const robot = useQuery({ queryKey: ['v1', 'embed', 'robot', token], queryFn: ({ signal }) => fetchVisitorRobot(token, signal), retry: false });
  if (robot.isError) return <Flex align="center" justify="center" className="page-fill-embed"><Empty description={robot.error.message} /></Flex>;
  if (!robot.data) return <Flex align="center" justify="center" className="page-fill-embed"><Spin /></Flex>;
  return <Conversation robot={robot.data} token={token} />;
}

function Conversation({ robot, token }: { robot: VisitorRobot; token: string }) {
  const [messages, setMessages] = useState<VisitorMessage[]>(() => loadConversation(robot.id));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    saveConversation(robot.id, messages.filter((m) => m.content));
  }, [robot.id, messages]);
  // Braces: Chromium's scroll methods now return a promise, which React would take for a cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'end' });
  }, [messages]);

  const ask = async (question: string) => {
    if (!question.trim()) {
      void message.error(MSG.emptyInput);
      return;
    }
    if (sending) return;
    const asked: VisitorMessage[] = [...messages.filter((m) => !m.failed), { role: 'user', content: question.trim() }];
    setMessages([...asked, { role: 'assistant', content: '' }]);
    setText('');
    setSending(true);
    const show = (m: VisitorMessage) => setMessages([...asked, m]);
    try {
      const answer = await streamVisitorAnswer({ token, model: robot.code, messages: asked, onDelta: (content) => show({ role: 'assistant', content }) });
      show({ role: 'assistant', ...answer });
    } catch (err) {
      show({ role: 'assistant', content: err instanceof Error ? err.message : MSG.requestFailed, failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex vertical className="page-fill-embed" style={{ background: '#fff' }}>
      <Flex align="center" gap={8} style={{ padding: '10px 16px', borderBottom: '1px solid #f0f0f0' }}>
        <Avatar src={robot.avatar || undefined} icon={<RobotOutlined />} />
        <Typography.Text strong style={{ flex: 1 }}>{robot.name}</Typography.Text>
        {messages.length > 0 && <Button size="small" type="text" disabled={sending} onClick={() => setMessages([])}>新对话</Button>}
      </Flex>
      <div style={{ flex: 1, overflowY: 'auto', padding: 16 }} aria-label="对话内容">
        {messages.length === 0 && (
          <Flex vertical align="center" gap={12} style={{ marginTop: 32 }}>
            <Avatar size={64} src={robot.avatar || undefined} icon={<RobotOutlined />} />
            <Typography.Title level={5} style={{ margin: 0 }}>{robot.name}</Typography.Title>
            {robot.prologue && <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>{robot.prologue}</Typography.Paragraph>}
            <Flex vertical gap={8}>
              {robot.suggested_questions.map((q) => <Button key={q} onClick={() => void ask(q)}>{q}</Button>)}
            </Flex>
          </Flex>
        )}
        {messages.map((m, i) => (
          <Flex key={i} justify={m.role === 'user' ? 'flex-end' : 'flex-start'} style={{ marginBottom: 12 }}>
            <div
              data-role={m.role}
              style={{
                maxWidth: '85%', padding: '8px 12px', borderRadius: 8,
                background: m.role === 'user' ? '#1677ff' : m.failed ? '#fff2f0' : '#f5f5f5', color: m.role === 'user' ? '#fff' : undefined,
              }}
            >
              {m.role === 'user' ? <span style={{ whiteSpace: 'pre-wrap' }}>{m.content}</span>
                : m.content ? <ChatMarkdown content={m.content} streaming={sending && i === messages.length - 1} />
                  : <Typography.Text type="secondary">等待回复中...</Typography.Text>}
              {!!m.sources?.length && (
                <div style={{ marginTop: 6 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>参考：</Typography.Text>
                  {[...new Set(m.sources.map((s) => s.document_name ?? s.title))].map((name) => <Tag key={name}>{name}</Tag>)}
                </div>
              )}
            </div>
          </Flex>
        ))}
        <div ref={end} />
      </div>
      <div style={{ padding: '8px 16px 4px', borderTop: '1px solid #f0f0f0' }}>
        <Flex gap={8} align="flex-end">
          <Input.TextArea
            aria-label="输入问题" value={text} placeholder={MSG.chatPlaceholder} autoSize={{ minRows: 1, maxRows: 6 }}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void ask(text);
              }
            }}
          />
          <Button type="primary" loading={sending} onClick={() => void ask(text)}>发送</Button>
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 12, marginTop: 4 }}>{MSG.aiFooter}</Typography.Text>
      </div>
    </Flex>
  );
}
