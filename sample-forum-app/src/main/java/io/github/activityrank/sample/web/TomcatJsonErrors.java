package io.github.activityrank.sample.web;

import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Makes Tomcat's own error responses JSON: replaces the host's {@link ErrorReportValve}
 * (the one Spring Boot adds, and the one Tomcat would add by class name) with a
 * {@link JsonErrorReportValve}. Runs after Spring Boot's customizer, which adds its valve
 * first.
 */
@Component
class TomcatJsonErrors implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		factory.addContextCustomizers((context) -> {
			if (context.getParent() instanceof StandardHost host) {
				for (Valve valve : host.getPipeline().getValves()) {
					if (valve instanceof ErrorReportValve) {
						host.getPipeline().removeValve(valve);
					}
				}
				host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
				host.getPipeline().addValve(new JsonErrorReportValve());
			}
		});
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
