import * as React from 'react';

/** The recharts bar chart, loaded on its own chunk when a chart is first drawn. */
export const AnalyticsBarChart = React.lazy(() => import('./analytics-charts'));
