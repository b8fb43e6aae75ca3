import type { TablePaginationConfig } from 'antd';

/** The back-office tables' pagination: fixed page size, total shown as 共 N 条. */
export const tablePagination = (current: number, pageSize: number, total: number, onChange: (page: number) => void): TablePaginationConfig => ({
  current,
  pageSize,
  total,
  showSizeChanger: false,
  showTotal: (n) => `共 ${n} 条`,
  onChange,
});
