import { useState } from 'react';
import { Avatar, Button, Tag, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import type { ActivityCard } from '@xueban/contract/chat';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { classifyImage } from '../../../components/markdown/safe-url.ts';

function ActivityCardView({ card }: { card: ActivityCard }) {
  // Icons from other hosts are not fetched (design.md §8): they get the default icon.
  const icon = classifyImage(card.icon_url || undefined);
  return (
    <div className="chat-activity-card">
      <Avatar shape="square" size={40} src={icon.kind === 'local' ? icon.src : undefined} icon={<AppstoreOutlined />} />
      <div className="chat-activity-text">
        <Typography.Text strong ellipsis={{ tooltip: card.title }}>{card.title}</Typography.Text>
        {card.content_type_str && <Tag>{card.content_type_str}</Tag>}
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
        {shown.map((card, i) => <ActivityCardView key={`${card.title}-${i}`} card={card} />)}
      </div>
      {cards.length > collapsedCount && (
        <Button type="link" size="small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? MSG.collapseActivities : MSG.expandActivities}
        </Button>
      )}
    </div>
  );
}
