import { useState } from 'react';
import { Button, Input } from 'antd';
import { AppstoreOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { openCreateRobotDialog } from '../stores/create-robot-dialog.ts';
import { RobotCard } from './RobotCard.tsx';
import { RobotGrid } from './RobotGrid.tsx';

/**
 * /creator/robot: my robots (fetch_type my), a create button, and for each robot its management
 * (/robot/manage) and its creator-centre page (/creator/robot/{rid}).
 */
export function MyRobotsTab() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const manage = (id: number) => navigate(pathTo('robot-manage-design', { robotId: id, tab: 'design' }));
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16, gap: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreateRobotDialog}>创建机器人</Button>
        <Input.Search placeholder="搜索机器人" allowClear onSearch={setKeyword} style={{ width: 240 }} aria-label="搜索我的机器人" />
      </div>
      <RobotGrid
        params={{ fetch_type: 'my', keyword }}
        render={(r) => (
          <RobotCard
            robot={r}
            actions={[
              <Button key="manage" type="link" icon={<SettingOutlined />} onClick={() => manage(r.id)}>管理</Button>,
              <Button key="detail" type="link" icon={<AppstoreOutlined />} onClick={() => navigate(pathTo('creator-robot', { rid: r.id }))}>详情</Button>,
            ]}
          />
        )}
      />
    </>
  );
}
