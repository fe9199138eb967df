/** The analytics feature's surface for other features and the route table (issue 41): only this file. */
export { AnalyticsPage } from './AnalyticsPage.js';
export { UPlotChart, type UPlotChartProps } from './UPlotChart.js';
export { PALETTE, type ChartModel } from './charts.js';
