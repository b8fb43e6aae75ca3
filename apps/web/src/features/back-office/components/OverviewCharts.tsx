import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { Overview } from '@xueban/contract/admin';

// Only the pieces drawn here: the admin overview is the one page that loads echarts (lazily).
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

function Chart({ option, label }: { option: echarts.EChartsCoreOption; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(el.current!);
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.dispose(); };
  }, [option]);
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height: 280 }} />;
}

/** Per day: new users, questions and active users; per provider: answers, estimated tokens and failures. */
export default function OverviewCharts({ data }: { data: Overview }) {
  const dates = data.questions.map((p) => p.date.slice(5));
  const daily: echarts.EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['提问数', '活跃用户', '新增用户'] },
    grid: { left: 40, right: 20, top: 48, bottom: 30 },
    xAxis: { type: 'category', data: dates },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '提问数', type: 'line', smooth: true, data: data.questions.map((p) => p.value) },
      { name: '活跃用户', type: 'line', smooth: true, data: data.active_users.map((p) => p.value) },
      { name: '新增用户', type: 'bar', data: data.new_users.map((p) => p.value) },
    ],
  };
  const providers: echarts.EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['估算 Token', '回答数', '失败数'] },
    grid: { left: 60, right: 60, top: 56, bottom: 30 },
    xAxis: { type: 'category', data: data.providers.map((p) => p.provider) },
    yAxis: [{ type: 'value', name: 'Token' }, { type: 'value', name: '次数', minInterval: 1 }],
    series: [
      { name: '估算 Token', type: 'bar', data: data.providers.map((p) => p.tokens) },
      { name: '回答数', type: 'bar', yAxisIndex: 1, data: data.providers.map((p) => p.answers) },
      { name: '失败数', type: 'bar', yAxisIndex: 1, data: data.providers.map((p) => p.errors), itemStyle: { color: '#ff4d4f' } },
    ],
  };
  return (
    <>
      <h3 style={{ margin: '24px 0 8px' }}>每日趋势</h3>
      <Chart option={daily} label="每日提问数、活跃用户与新增用户" />
      <h3 style={{ margin: '24px 0 8px' }}>模型服务商用量</h3>
      {data.providers.length ? <Chart option={providers} label="各模型服务商的回答数、估算 Token 与失败数" /> : <p style={{ color: '#999' }}>所选时间段内还没有模型回答</p>}
    </>
  );
}
