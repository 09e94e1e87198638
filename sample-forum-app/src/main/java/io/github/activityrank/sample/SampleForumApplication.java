package io.github.activityrank.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class SampleForumApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleForumApplication.class, args);
	}

}
