/**
 * Simplified Chinese: plain and polite (您). A page is named as the interface
 * names it (申请, client/src/i18n/zh.ts). Links and names stay as they are; a link
 * ends its sentence so no Chinese punctuation sticks to it.
 */
import type { Catalogue } from './catalogue.en.js';

export const zh: Catalogue = {
  'email.resetPassword.subject': '重设您的密码',
  'email.resetPassword.body':
    '{firstName}，您好：\n\n有人申请重设您账户的密码。如要设置新密码，请在 {minutes, plural, other {# 分钟}}内打开以下链接：\n\n{link}\n\n如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。',

  'email.setPassword.subject': '设置您的 Pathway Planner 密码',
  'email.setPassword.body':
    '{firstName}，您好：\n\n{schoolName} 已为您创建 Pathway Planner 账户，用于规划您的课程。如要设置密码，请在 {days, plural, other {# 天}}内打开以下链接：\n\n{link}\n\n然后请用这个电子邮件地址登录。',

  'consent.parentLink.subject': '家长同意书',
  'consent.parentLink.body':
    '{studentName} 已签署在 {schoolName} 参加双学分课程（dual enrollment）的家长同意书。请查看并签名：{link}',

  'email.admission.greeting': '尊敬的 {parentName}：',
  'email.admission.greetingNoName': '尊敬的家长：',
  'email.admission.yourStudent': '您的孩子',
  'email.admission.signature': '{schoolName} 招生处',
  'email.admissionAccepted.subject': '您向 {schoolName} 提交的申请已被录取',
  'email.admissionAccepted.body':
    '恭喜！{studentName} 的申请已被 {schoolName} 录取，入学年度为 2025-26 学年。\n\n下一步：签署入学合同。请登录并打开“申请”页面，或打开以下链接：{contractLink}',
  'email.admissionAccepted.note': '招生团队备注：{reason}',
  'email.admissionDeclined.subject': '关于您向 {schoolName} 提交的申请的最新消息',
  'email.admissionDeclined.body':
    '感谢您申请 {schoolName}。经过审核，我们目前无法为 {studentName} 提供入学名额。\n\n原因：{reason}\n\n如有疑问，请直接回复这封邮件或联系招生团队。',

  'planReview.approved.subject': '{studentName} 的学业计划已获批准',
  'planReview.approved.body':
    '{parentName}，您好：\n\n{schoolName} 的 {counselorName} 已批准 {studentName} 的学业计划。请登录查看：{link}',
  'planReview.returned.subject': '{studentName} 的学业计划已退回并附有意见',
  'planReview.returned.body':
    '{parentName}，您好：\n\n{schoolName} 的 {counselorName} 已退回 {studentName} 的学业计划，并附上以下意见：\n\n{comment}\n\n{studentName} 可以修改计划后重新提交。请登录查看：{link}',
};
