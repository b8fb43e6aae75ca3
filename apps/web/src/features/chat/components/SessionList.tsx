import { Button, Dropdown, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import './session-list.css';

export interface SessionListItem {
  id: number;
  name: string;
}

interface Props<T extends SessionListItem> {
  items: readonly T[];
  /** The current session: highlighted and marked aria-current. */
  activeId?: number;
  onSelect: (id: number) => void;
  onRename: (item: T) => void;
  onDelete: (item: T) => void;
}

const menuItems: MenuProps['items'] = [
  { key: 'rename', label: '重命名', icon: <EditOutlined /> },
  { key: 'delete', label: '删除', icon: <DeleteOutlined />, danger: true },
];

/**
 * The sessions of a robot, one line each: the name is a button that selects the session, and
 * a 更多操作 button beside it opens 重命名 / 删除. Our own small list in place of
 * @ant-design/x's Conversations, which brought antd's Typography, Divider and its own theme
 * runtime into /home's first load for this; it is built from what that load already has
 * (Button, Dropdown) and looks like Conversations' default style.
 */
export function SessionList<T extends SessionListItem>({ items, activeId, onSelect, onRename, onDelete }: Props<T>) {
  return (
    <ul className="session-list">
      {items.map((item) => {
        const current = item.id === activeId;
        const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
          // The menu is a portal of this item: its click must not reach anything that selects.
          domEvent.stopPropagation();
          if (key === 'rename') onRename(item);
          else if (key === 'delete') onDelete(item);
        };
        return (
          <li key={item.id} className={current ? 'session-list-item is-active' : 'session-list-item'}>
            <button
              type="button"
              className="session-list-name"
              title={item.name}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(item.id)}
            >
              {item.name}
            </button>
            <Dropdown menu={{ items: menuItems, onClick }} trigger={['click']} placement="bottomRight">
              <Button
                type="text"
                size="small"
                className="session-list-more"
                aria-label="更多操作"
                icon={<EllipsisOutlined />}
                onClick={(e) => e.stopPropagation()}
              />
            </Dropdown>
          </li>
        );
      })}
    </ul>
  );
}
