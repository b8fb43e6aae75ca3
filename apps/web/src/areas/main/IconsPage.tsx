import { useState } from 'react';
import { Card, Col, Input, Row, Typography } from 'antd';
import {
  AimOutlined, AppstoreOutlined, ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, BellOutlined, BookOutlined, BulbOutlined, CheckCircleOutlined, CheckOutlined, ClearOutlined, ClockCircleOutlined, CloseCircleOutlined, CloudSyncOutlined, CommentOutlined, CopyOutlined, DeleteOutlined, DownOutlined, DownloadOutlined, EditOutlined, EllipsisOutlined, ExclamationCircleFilled, ExpandOutlined, EyeOutlined, FileOutlined, FileTextOutlined, FolderOutlined, FullscreenOutlined, GlobalOutlined, HistoryOutlined, HomeOutlined, ImportOutlined, InboxOutlined, InfoCircleOutlined, LinkOutlined, LoadingOutlined, LockOutlined, MenuOutlined, MessageOutlined, MinusCircleOutlined, PaperClipOutlined, PictureOutlined, PlayCircleOutlined, PlusOutlined, ReadOutlined, RobotOutlined, SafetyOutlined, SearchOutlined, SendOutlined, SettingOutlined, SolutionOutlined, SyncOutlined, TeamOutlined, UnlockOutlined, UnorderedListOutlined, UploadOutlined, UserOutlined, ZoomInOutlined, ZoomOutOutlined,
} from '@ant-design/icons';
import { AreaFrame } from '../../components/AreaFrame.tsx';

/** The icons the app's screens use (grep of '@ant-design/icons' imports), named as in code. */
const ICONS = {
  AimOutlined, AppstoreOutlined, ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, BellOutlined, BookOutlined, BulbOutlined, CheckCircleOutlined, CheckOutlined, ClearOutlined, ClockCircleOutlined, CloseCircleOutlined, CloudSyncOutlined, CommentOutlined, CopyOutlined, DeleteOutlined, DownOutlined, DownloadOutlined, EditOutlined, EllipsisOutlined, ExclamationCircleFilled, ExpandOutlined, EyeOutlined, FileOutlined, FileTextOutlined, FolderOutlined, FullscreenOutlined, GlobalOutlined, HistoryOutlined, HomeOutlined, ImportOutlined, InboxOutlined, InfoCircleOutlined, LinkOutlined, LoadingOutlined, LockOutlined, MenuOutlined, MessageOutlined, MinusCircleOutlined, PaperClipOutlined, PictureOutlined, PlayCircleOutlined, PlusOutlined, ReadOutlined, RobotOutlined, SafetyOutlined, SearchOutlined, SendOutlined, SettingOutlined, SolutionOutlined, SyncOutlined, TeamOutlined, UnlockOutlined, UnorderedListOutlined, UploadOutlined, UserOutlined, ZoomInOutlined, ZoomOutOutlined,
} as const;
const USED = Object.keys(ICONS) as (keyof typeof ICONS)[];

/** /icons: the gallery of the app's icons; a click copies the name to use in code. */
export default function IconsPage() {
  const [query, setQuery] = useState('');
  const shown = USED.filter((n) => n.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <AreaFrame name="icons" extra={<Input.Search aria-label="搜索图标" placeholder="按名称搜索" allowClear onChange={(e) => setQuery(e.target.value)} style={{ width: 220 }} />}>
      <Typography.Paragraph type="secondary">共 {USED.length} 个图标（来自 @ant-design/icons），点击名称复制。</Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {shown.map((name) => {
          const Icon = ICONS[name];
          return (
            <Col key={name} xs={12} sm={8} md={6} lg={4}>
              <Card size="small" style={{ textAlign: 'center' }} aria-label={name}>
                <Icon style={{ fontSize: 28, margin: '8px 0' }} />
                <Typography.Text copyable={{ text: name, tooltips: ['复制名称', '已复制'] }} style={{ display: 'block', fontSize: 12 }} ellipsis>{name}</Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
      {shown.length === 0 && <Typography.Text type="secondary">没有匹配的图标</Typography.Text>}
    </AreaFrame>
  );
}
