/**
 * The parts of the storefront's one request pipeline that every component uses to serve a route:
 * a {@link dev.flashsale.platform.pipeline.Handler} declares the route it answers
 * ({@link dev.flashsale.platform.pipeline.Answers}) and who may call it
 * ({@link dev.flashsale.platform.security.Access}), reads its request from a
 * {@link dev.flashsale.platform.pipeline.Call} and returns an
 * {@link dev.flashsale.platform.pipeline.Answer}, which {@link dev.flashsale.platform.pipeline.AnswerWriter}
 * writes, as it writes every problem. The pipeline itself (match, authenticate, limit, admit,
 * handle, write) is the storefront component's.
 */
package dev.flashsale.platform.pipeline;
