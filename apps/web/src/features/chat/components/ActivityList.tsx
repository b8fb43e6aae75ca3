import { useState } from 'react';
import { Avatar, Button, Tag, Typography } from 'antd';
import { AppstoreOutlined, CheckCircleFilled, CloseCircleFilled, LoadingOutlined, ToolOutlined } from '@ant-design/icons';
import type { ActivityCard } from '@xueban/contract/chat';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { classifyImage } from '../../../components/markdown/safe-url.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}秒`;

/** A tool call's state (issue 19): running, done or failed, with how long it took. */
function ToolState({ card }: { card: ActivityCard }) {
  if (card.state === 'running') return <Tag icon={<LoadingOutlined />} color="processing">{MSG.mcpToolRunning}</Tag>;
  const done = card.state === 'done';
  return (
    <Tag icon={done ? <CheckCircleFilled /> : <CloseCircleFilled />} color={done ? 'success' : 'error'}>
      {done ? MSG.mcpToolDone : MSG.mcpToolFailed} {seconds(card.duration_ms ?? 0)}
    </Tag>
  );
}

function ActivityCardView({ card }: { card: ActivityCard }) {
  // Icons from other hosts are not fetched (design.md §8): they get the default icon.
  const icon = classifyImage(card.icon_url || undefined);
  return (
    <div className="chat-activity-card" data-state={card.state}>
      <Avatar shape="square" size={40} src={icon.kind === 'local' ? icon.src : undefined} icon={card.state ? <ToolOutlined /> : <AppstoreOutlined />} />
      <div className="chat-activity-text">
        <Typography.Text strong ellipsis={{ tooltip: card.title }}>{card.title}</Typography.Text>
        <span className="chat-activity-tags">
          {card.content_type_str && <Tag>{card.content_type_str}</Tag>}
          {card.state && <ToolState card={card} />}
        </span>
      </div>
    </div>
  );
}

/** An activity list (message type 5, spec §4): the first 4 cards, then 展开 / 收起 for the rest. */
export default function ActivityList({ cards }: { cards: ActivityCard[] }) {
  const [expanded, setExpanded] = useState(false);
  const collapsedCount = LIMITS.activityCardsCollapsed;
  const shown = expanded ? cards : cards.slice(0, collapsedCount);
  return (
    <div className="chat-activities chat-robot-aside" role="group" aria-label={MSG.activityList}>
      <div className="chat-activity-grid">
        {shown.map((card, i) => <ActivityCardView key={card.id ?? `${card.title}-${i}`} card={card} />)}
      </div>
      {cards.length > collapsedCount && (
        <Button type="link" size="small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? MSG.collapseActivities : MSG.expandActivities}
        </Button>
      )}
    </div>
  );
}
