import { Input, Tabs } from 'antd';
import { useIndustries } from '../api/get-industries.ts';

/** Industry tabs (全部 + industries) and a search box. */
export function IndustryFilter({ industryId, onIndustry, onSearch }: {
  industryId: number | undefined;
  onIndustry: (id: number | undefined) => void;
  onSearch: (keyword: string) => void;
}) {
  const { data: industries = [] } = useIndustries();
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
      <Tabs
        // Beside the search box when both fit; on a phone the tabs take their own row.
        style={{ flex: '1 1 240px', minWidth: 0 }}
        activeKey={industryId ? String(industryId) : 'all'}
        items={[{ key: 'all', label: '全部' }, ...industries.map((i) => ({ key: String(i.id), label: i.name }))]}
        onChange={(key) => onIndustry(key === 'all' ? undefined : Number(key))}
      />
      <Input.Search placeholder="搜索机器人" allowClear onSearch={onSearch} style={{ width: 240, maxWidth: '100%' }} aria-label="搜索机器人" />
    </div>
  );
}
