import { render } from '@react-email/render';
import { createElement, type FunctionComponent } from 'react';
import { CompetitorAlert, type CompetitorAlertProps } from './CompetitorAlert';
import { PromptDropAlert, type PromptDropAlertProps } from './PromptDropAlert';
import { WeeklyReport, type WeeklyReportProps } from './WeeklyReport';

export interface RenderedEmail {
  html: string;
  text: string;
}

/** An email's two parts from one React Email template: the HTML and its plain-text rendering. */
async function renderEmail<P extends object>(template: FunctionComponent<P>, props: P): Promise<RenderedEmail> {
  const element = createElement(template, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

// The rest of the server renders emails through these functions and never touches React itself.
export const renderWeeklyReport = (props: WeeklyReportProps) => renderEmail(WeeklyReport, props);
export const renderCompetitorAlert = (props: CompetitorAlertProps) => renderEmail(CompetitorAlert, props);
export const renderPromptDropAlert = (props: PromptDropAlertProps) => renderEmail(PromptDropAlert, props);
