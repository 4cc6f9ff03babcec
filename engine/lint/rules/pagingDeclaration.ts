import type { PageRule } from '../context';
import { deref } from '../catalogue';
import { isObject, widgetsOf } from '../pageModel';

// A widget with serverPaging (a table, a card grid) sends a page request (PageRequest) in one body
// field and shows the rows the server answers as they come: the call must take that field, and nothing in the browser
// may reorder, cut or filter the page (a sort or filter step would act on 10 rows, not the list;
// a tab's 'where' would filter and count one page). Its tabs instead send body fields the call
// takes and read their counts from the answer. It replaces the browser's pagination.

const RULE = 'paging-declaration';
const PAGE_STEPS = ['sort', 'limit', 'filter'];

export const pagingDeclaration: PageRule = {
  id: RULE,
  description:
    "A widget's serverPaging names a body field its call does not take as a PageRequest, or the widget also has pagination, a transform that sorts, cuts or filters the page, or tabs that filter rows in the browser ('where'), lack a 'count' or send a body field the call does not take.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (!isObject(widget.serverPaging) || !isObject(widget.data)) continue;
      const at = ['widgets', id, 'serverPaging'];
      const param = typeof widget.serverPaging.param === 'string' ? widget.serverPaging.param : 'page';
      const call = typeof widget.data.call === 'string' ? ctx.catalogue.calls.get(widget.data.call) : undefined;
      const body = call ? deref(ctx.catalogue, { schema: call.body, doc: call.doc }) : undefined;
      const fields = body && isObject(body.schema) && isObject(body.schema.properties) ? body.schema.properties : undefined;
      if (call) {
        const field = fields?.[param];
        const ref = isObject(field) && typeof field.$ref === 'string' ? field.$ref : '';
        if (!ref.endsWith('#/definitions/PageRequest')) {
          ctx.report(RULE, {
            path: at,
            key: true,
            message: `call '${call.id}' takes no page request in '${param}': it would answer the whole list`,
          });
        }
      }
      if (widget.pagination !== undefined) {
        ctx.report(RULE, {
          path: ['widgets', id, 'pagination'],
          key: true,
          message: "'pagination' works on the rows in the browser, which hold one page with serverPaging",
        });
      }
      const tabs = Array.isArray(widget.tabs) ? widget.tabs : [];
      tabs.forEach((tab, i) => {
        if (!isObject(tab)) return;
        const here = ['widgets', id, 'tabs', i];
        if (tab.where !== undefined) {
          ctx.report(RULE, {
            path: [...here, 'where'],
            key: true,
            message: "a tab's 'where' filters one page in the browser; with serverPaging send a 'body' field the server filters by",
          });
        }
        if (typeof tab.count !== 'string') {
          ctx.report(RULE, {
            path: here,
            message: "a tab needs 'count', the path of its row count in the answer: one page cannot count the tab",
          });
        }
        if (call && fields && isObject(tab.body)) {
          for (const name of Object.keys(tab.body)) {
            if (!Object.hasOwn(fields, name))
              ctx.report(RULE, {
                path: [...here, 'body', name],
                key: true,
                message: `call '${call.id}' takes no body field '${name}'`,
              });
          }
        }
      });
      const steps = Array.isArray(widget.data.transform) ? widget.data.transform : [];
      steps.forEach((step, i) => {
        if (isObject(step) && PAGE_STEPS.includes(String(step.type))) {
          ctx.report(RULE, {
            path: ['widgets', id, 'data', 'transform', i, 'type'],
            message: `a '${String(step.type)}' step would act on one page only; the server sorts, searches and pages`,
          });
        }
      });
    }
  },
};
