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
  // 短信：只含学校名称和链接，绝不包含学生自己输入的文字（见 catalogue.en.ts）。
  'sms.consentLink.body': '{schoolName}：一份双学分课程（dual enrollment）家长同意书正在等待您签名。请查看并签名：{link}',
  'sms.planReview.approved.subject': '学业计划已批准',
  'sms.planReview.approved.body': '{schoolName}：您孩子的学业计划已获批准。请登录查看：{link}',
  'sms.planReview.returned.subject': '学业计划已退回并附有意见',
  'sms.planReview.returned.body': '{schoolName}：您孩子的学业计划已退回并附有意见。请登录查看：{link}',
  'pdf.plan.title': '{name} - 学业计划',
  'pdf.plan.whatIfTitle': '{name} - 假设计划：{plan}',
  'pdf.plan.generated': '生成日期：{date}',
  'pdf.plan.termSummary': '{courses, plural, other {# 门课程}}，{units}',
  'pdf.plan.units': '{units, plural, other {# 学分}}',
  'pdf.plan.noCourses': '这一年还没有安排课程。',
  'pdf.plan.column.courseId': '课程编号',
  'pdf.plan.column.title': '课程名称',
  'pdf.plan.column.units': '学分',
  'pdf.plan.column.grade': '成绩',
  'pdf.plan.column.completed': '已完成',
  'pdf.plan.yes': '是',
  'pdf.plan.no': '否',
  'pdf.plan.totals': '合计',
  'pdf.plan.totalsLine': '{terms, plural, other {# 个学期}}共 {courses, plural, other {# 门课程}}；已规划 {planned}，已完成 {completed}。',
  'pdf.plan.warnings': '先修课程警告',
  'pdf.plan.noWarnings': '无：每门先修课程都安排在同一学期或更早的学期。',
  'pdf.plan.warning': '“{title}”在{term}未满足先修要求',
  'pdf.plan.footer': '{title} - 第 {page} 页，共 {pages} 页',
  'term.grade9': '九年级',
  'term.grade10': '十年级',
  'term.grade11': '十一年级',
  'term.grade12': '十二年级',
  'term.year1': '第一学年',
  'term.year2': '第二学年',

  'legal.englishGoverns': '本文件以英文文本为准。标题同时以您的语言显示。',

  'contract.title': '{school} 入学合同（{year} 学年）',
  'contract.heading.program': '1. 项目结构',
  'contract.heading.legal': '2. 法律合规：FERPA、COPPA 与隐私',
  'contract.heading.conduct': '3. 行为准则与技术使用',
  'contract.heading.academic': '4. 大学水平的学业责任',
  'contract.heading.enrollment': '5. 入学条款：学费、退学与终止',
  'contract.heading.guarantee': '6. 大学录取保证与责任限制',
  'contract.heading.dispute': '7. 争议解决',
  'contract.heading.agreement': '8. 完整协议',
  'contract.heading.signatures': '9. 签名',
  'contract.heading.attachment_a': '附件 A：学费与收费表',
  'contract.heading.attachment_b': '附件 B：目录信息公开退出',
  'contract.initials': '家长/监护人姓名缩写：{topic}',
  'contract.topic.ferpa': 'FERPA',
  'contract.topic.coppa': 'COPPA 与隐私',
  'contract.topic.tech': '行为准则与技术',
  'contract.topic.academic': '学业责任',
  'contract.topic.enrollment': '入学条款',
  'contract.topic.liability': '保证与责任',
  'contract.topic.dispute': '争议解决',
  'contract.topic.agreement': '完整协议',
  'contract.spot.signature': '家长/监护人签名',
  'contract.spot.name': '家长/监护人姓名（正楷）',
  'contract.spot.date': '日期',
  'contract.optOutForm': '目录信息公开退出表',
  'contract.pdf.parties': '学生：{student}    家长/监护人：{parent}（{email}）',
  'contract.pdf.enrolledStudent': '入学学生',
  'contract.pdf.spotLabel': '{label}：',
  'contract.pdf.footer': '{title} - 第 {page} 页，共 {pages} 页',

  'consent.template.title': '家长/监护人双录取课程同意书',
  'consent.template.subtitle': '在高中期间修读的社区学院课程',
  'consent.template.studentInformation': '学生信息',
  'consent.template.studentAcknowledgment': '学生确认',
  'consent.template.parentConsent': '家长/监护人同意',
  'consent.template.blank.first_name': '学生名字',
  'consent.template.blank.last_name': '学生姓氏',
  'consent.template.blank.email': '学生电子邮件',
  'consent.template.blank.school': '学校',
  'consent.template.blank.dob': '出生日期',
  'consent.template.blank.grade': '当前年级',
  'consent.template.blank.graduation_year': '预计毕业年份',
  'consent.template.studentSignature': '学生签名',
  'consent.template.parentPrintedName': '家长/监护人姓名',
  'consent.template.parentSignature': '家长/监护人签名',
  'consent.template.date': '日期',
  'consent.template.questions': '有疑问？请咨询学校辅导员。请保留一份已签署的表格。',
};
