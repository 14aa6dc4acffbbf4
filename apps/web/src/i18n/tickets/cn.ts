import type { ticketsEn } from './en.js';

/** Simplified Chinese texts of tickets (issue 7 §5); spread into screens-cn.ts. */
export const ticketsCn: typeof ticketsEn = {
  tickets: {
    search: '搜索工单号、主题或订单号',
    number: '工单',
    status: '状态',
    subject: '主题',
    message: '内容',
    files: '附件',
    order: '订单',
    merchant: '商家',
    created: '创建时间',
    lastSide: '最后回复方',
    lastMessage: '最后回复',
    messages: '消息数',
    side: { merchant: '商家', staff: '仓库' },
    detail: '工单',
    detailTitle: '工单 {{unid}}',
    answer: '您的回复',
    answerReopens: '回复将重新打开工单',
    send: '发送',
    sent: '回复已发送',
    new: '新建工单',
    opened: '工单 {{unid}} 已创建',
    required: '必填',
    none: '此订单暂无工单',
    summary: '{{count}} 条消息，最后由{{side}}于 {{at}} 回复',
    actions: { open: '重新打开', waiting: '等待商家回复', closed: '关闭' },
    done: { open: '工单已重新打开', waiting: '工单等待商家回复', closed: '工单已关闭' },
  },
};
