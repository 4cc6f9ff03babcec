import type { PageRule } from '../context';
import { deref } from '../catalogue';
import { isObject, widgetsOf } from '../pageModel';

// A widget with serverPaging (a table, a card grid) sends a page request (PageRequest) in one body
// field and shows the rows the server answers as they come: the call must take that field, and nothing in the browser
// may reorder, cut or filter the page (a sort or filter step would act on 10 rows, not the list;
// tabs would count one page). It replaces the browser's pagination.

const RULE = 'paging-declaration';
const PAGE_STEPS = ['sort', 'limit', 'filter'];

export const pagingDeclaration: PageRule = {
  id: RULE,
  description:
    "A widget's serverPaging names a body field its call does not take as a PageRequest, or the widget also has pagination, tabs, or a transform that sorts, cuts or filters the page.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (!isObject(widget.serverPaging) || !isObject(widget.data)) continue;
      const at = ['widgets', id, 'serverPaging'];
      const param = typeof widget.serverPaging.param === 'string' ? widget.serverPaging.param : 'page';
      const call = typeof widget.data.call === 'string' ? ctx.catalogue.calls.get(widget.data.call) : undefined;
      if (call) {
        const body = deref(ctx.catalogue, { schema: call.body, doc: call.doc });
        const field = body && isObject(body.schema) && isObject(body.schema.properties) ? body.schema.properties[param] : undefined;
        const ref = isObject(field) && typeof field.$ref === 'string' ? field.$ref : '';
        if (!ref.endsWith('#/definitions/PageRequest')) {
          ctx.report(RULE, {
            path: at,
            key: true,
            message: `call '${call.id}' takes no page request in '${param}': it would answer the whole list`,
          });
        }
      }
      for (const other of ['pagination', 'tabs'] as const) {
        if (widget[other] !== undefined)
          ctx.report(RULE, {
            path: ['widgets', id, other],
            key: true,
            message: `'${other}' works on the rows in the browser, which hold one page with serverPaging`,
          });
      }
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
